import { useCallback, useEffect, useMemo, useState } from 'react';

export interface Playback {
  playing: boolean;
  /** False until the viewer first presses play: the poster frame shows. */
  started: boolean;
  ended: boolean;
  elapsed: number;
  total: number;
  sceneIndex: number;
  sceneStarts: readonly number[];
  play(): void;
  pause(): void;
  toggle(): void;
  seek(ms: number): void;
  goToScene(index: number): void;
}

interface State {
  playing: boolean;
  started: boolean;
  elapsed: number;
}

/** A clock for a sequence of scenes: play, pause, seek, auto-advance, stop at the end. */
export function usePlayback(durations: readonly number[], tickMs = 100): Playback {
  const total = useMemo(() => durations.reduce((sum, ms) => sum + ms, 0), [durations]);
  const sceneStarts = useMemo(() => {
    let start = 0;
    return durations.map((ms) => {
      const at = start;
      start += ms;
      return at;
    });
  }, [durations]);
  const [state, setState] = useState<State>({ playing: false, started: false, elapsed: 0 });

  useEffect(() => {
    if (!state.playing) return;
    let last = Date.now();
    const id = window.setInterval(() => {
      const now = Date.now();
      const delta = now - last;
      last = now;
      setState((current) => {
        const elapsed = Math.min(total, current.elapsed + delta);
        return { ...current, elapsed, playing: elapsed < total };
      });
    }, tickMs);
    return () => window.clearInterval(id);
  }, [state.playing, total, tickMs]);

  const play = useCallback(
    () =>
      setState((current) => ({
        playing: true,
        started: true,
        elapsed: current.elapsed >= total ? 0 : current.elapsed,
      })),
    [total],
  );
  const pause = useCallback(() => setState((current) => ({ ...current, playing: false })), []);
  const toggle = useCallback(() => (state.playing ? pause() : play()), [state.playing, pause, play]);
  const seek = useCallback(
    (ms: number) =>
      setState((current) => ({ ...current, started: true, elapsed: Math.max(0, Math.min(total - 1, ms)) })),
    [total],
  );
  const goToScene = useCallback((index: number) => seek(sceneStarts[index] ?? 0), [seek, sceneStarts]);

  let sceneIndex = 0;
  sceneStarts.forEach((start, index) => {
    if (state.elapsed >= start) sceneIndex = index;
  });

  return {
    playing: state.playing,
    started: state.started,
    ended: state.started && state.elapsed >= total,
    elapsed: state.elapsed,
    total,
    sceneIndex,
    sceneStarts,
    play,
    pause,
    toggle,
    seek,
    goToScene,
  };
}

export function formatClock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
