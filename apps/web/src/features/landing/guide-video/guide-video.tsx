import { SceneDeals } from './scene-deals';
import { GUIDE_DURATIONS, GUIDE_SCENES } from './scenes';
import { SeekBar } from './seek-bar';
import { formatClock, usePlayback } from './use-playback';
import { StrokeIcon } from '../../../components/ui/stroke-icon';

function PlayIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

function PauseIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function ReplayIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <StrokeIcon d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" className={className} strokeWidth={2} round="both" />
  );
}

function Poster({ onPlay, totalMs }: { onPlay: () => void; totalMs: number }) {
  return (
    <>
      <div
        aria-hidden="true"
        className="scene-static absolute inset-0 flex p-3 pb-20 opacity-25 blur-[1.5px] sm:p-6 sm:pb-24 md:px-16 md:pt-8"
      >
        <SceneDeals />
      </div>
      <button
        type="button"
        onClick={onPlay}
        tabIndex={-1}
        aria-hidden="true"
        className="group absolute inset-0 flex flex-col items-center justify-center gap-5 bg-[radial-gradient(ellipse_at_center,rgb(245_196_81/0.18),rgb(7_9_13/0.75)_70%)] px-6 text-center"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-gold-400 text-ink-950 shadow-[0_0_0_10px_rgb(245_196_81/0.15)] transition group-hover:scale-105 group-hover:bg-gold-300 sm:size-20">
          <PlayIcon className="ml-1 size-7 sm:size-8" />
        </span>
        <span>
          <span className="block text-lg font-bold text-white sm:text-2xl">How GoldRoute works</span>
          <span className="mt-1 block text-sm text-slate-300">
            Pick realms · Find deals · Export lists — {formatClock(totalMs)}
          </span>
        </span>
      </button>
    </>
  );
}

/**
 * The big poster and paused overlays are mouse conveniences; the control bar holds the one
 * accessible play/pause button.
 *
 * A self-contained walkthrough "video": scenes drawn with HTML and CSS, no media file, no iframe
 * (the CSP forbids frames and the app works offline).
 */
export function GuideVideo() {
  const playback = usePlayback(GUIDE_DURATIONS);
  const scene = GUIDE_SCENES[playback.sceneIndex] ?? GUIDE_SCENES[0];
  if (!scene) return null;
  const SceneComponent = scene.Component;
  const stepLabel = `Step ${playback.sceneIndex + 1} of ${GUIDE_SCENES.length}: ${scene.title}`;
  const mainLabel = playback.playing
    ? 'Pause guide video'
    : playback.ended
      ? 'Replay guide video'
      : 'Play guide video';

  return (
    <div
      role="region"
      aria-roledescription="video"
      aria-label="GoldRoute guide video"
      className="overflow-hidden rounded-3xl border border-white/10 bg-ink-900 shadow-[0_40px_120px_-40px_rgb(245_196_81/0.25)]"
    >
      <div className="relative aspect-[4/5] bg-[linear-gradient(135deg,#121824,#0b0e14_55%,#1a1408)] min-[480px]:aspect-[4/3] md:aspect-[16/9]">
        {playback.started ? (
          <>
            <div
              key={playback.sceneIndex}
              className={`absolute inset-0 flex p-3 pb-20 sm:p-6 sm:pb-24 md:px-16 md:pt-8 ${
                playback.playing ? '' : 'scene-paused'
              }`}
              aria-hidden="true"
            >
              <SceneComponent />
            </div>
            <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-950 via-ink-950/90 to-transparent px-4 pt-8 pb-4 sm:px-6">
              <p aria-live="polite" className="text-sm sm:text-base">
                <span className="font-semibold text-gold-300">{stepLabel}</span>
                <span className="mt-0.5 block text-xs text-slate-300 sm:text-sm">{scene.caption}</span>
              </p>
            </div>
            {!playback.playing ? (
              <button
                type="button"
                onClick={playback.play}
                tabIndex={-1}
                aria-hidden="true"
                className="absolute inset-0 flex items-center justify-center bg-ink-950/30"
              >
                <span className="flex size-16 items-center justify-center rounded-full bg-gold-400/95 text-ink-950 shadow-xl transition hover:scale-105">
                  {playback.ended ? <ReplayIcon className="size-7" /> : <PlayIcon className="ml-1 size-7" />}
                </span>
              </button>
            ) : null}
          </>
        ) : (
          <Poster onPlay={playback.play} totalMs={playback.total} />
        )}
      </div>

      <div className="flex items-center gap-3 border-t border-white/5 bg-ink-850 px-3 py-2.5 sm:px-5">
        <button
          type="button"
          onClick={playback.toggle}
          aria-label={mainLabel}
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-gold-400 hover:text-ink-950"
        >
          {playback.playing ? (
            <PauseIcon />
          ) : playback.ended ? (
            <ReplayIcon />
          ) : (
            <PlayIcon className="ml-0.5 size-5" />
          )}
        </button>
        <SeekBar
          elapsed={playback.elapsed}
          total={playback.total}
          markers={playback.sceneStarts}
          onSeek={playback.seek}
        />
        <span className="shrink-0 font-mono text-xs text-slate-400 tabular-nums">
          {formatClock(playback.elapsed)} / {formatClock(playback.total)}
        </span>
      </div>

      <ol className="grid grid-cols-2 gap-px border-t border-white/5 bg-white/5 md:grid-cols-4">
        {GUIDE_SCENES.map((item, index) => {
          const current = playback.started && index === playback.sceneIndex;
          return (
            <li key={item.title} className="bg-ink-850">
              <button
                type="button"
                onClick={() => playback.goToScene(index)}
                aria-current={current ? 'step' : undefined}
                className={`flex h-full w-full items-center gap-2.5 px-3 py-3 text-left text-xs transition hover:bg-white/5 sm:px-5 sm:text-sm ${
                  current ? 'text-gold-300' : 'text-slate-400'
                }`}
              >
                <span
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full text-[11px] font-bold ring-1 ${
                    current ? 'bg-gold-400 text-ink-950 ring-gold-300' : 'ring-white/15'
                  }`}
                >
                  {index + 1}
                </span>
                {item.title}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
