import type { KeyboardEvent, PointerEvent } from 'react';
import { formatClock } from './use-playback';

const STEP_MS = 5000;

/** The progress bar; it is also a slider (arrow keys, Home/End, click or drag to seek). */
export function SeekBar({
  elapsed,
  total,
  markers,
  onSeek,
}: {
  elapsed: number;
  total: number;
  markers: readonly number[];
  onSeek: (ms: number) => void;
}) {
  const percent = total > 0 ? (elapsed / total) * 100 : 0;

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0) return;
    onSeek(((event.clientX - rect.left) / rect.width) * total);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: elapsed + STEP_MS,
      ArrowUp: elapsed + STEP_MS,
      ArrowLeft: elapsed - STEP_MS,
      ArrowDown: elapsed - STEP_MS,
      Home: 0,
      End: total,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(target);
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(total / 1000)}
      aria-valuenow={Math.round(elapsed / 1000)}
      aria-valuetext={`${formatClock(elapsed)} of ${formatClock(total)}`}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        seekToPointer(event);
      }}
      onPointerMove={(event) => {
        if (event.buttons === 1) seekToPointer(event);
      }}
      className="group relative flex h-6 flex-1 cursor-pointer touch-none items-center rounded"
    >
      <div className="relative h-1.5 w-full overflow-hidden rounded-full bg-white/15">
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-gradient-to-r from-gold-500 to-gold-300"
          style={{ width: `${percent}%` }}
        />
        {markers.slice(1).map((at) => (
          <span
            key={at}
            className="absolute inset-y-0 w-0.5 bg-ink-950/80"
            style={{ left: `${(at / total) * 100}%` }}
          />
        ))}
      </div>
      <span
        className="absolute size-3.5 -translate-x-1/2 rounded-full bg-gold-200 shadow ring-2 ring-ink-950 transition group-hover:scale-110"
        style={{ left: `${percent}%` }}
      />
    </div>
  );
}
