// Background threads (the snapshot builders, the embedded simulator) run at a lower CPU priority than the
// thread that answers requests: when a batch lands every builder is busy at once, and on a machine with
// fewer cores than busy threads the kernel would otherwise slice the cores evenly and make each request
// wait its turn behind them. On Linux a thread's nice value is its own, so setPriority(0, …) called in a
// worker lowers that thread only; elsewhere it would lower the whole process, so it is left alone there.
import { getPriority, setPriority } from 'node:os';

/** The nice value of background threads: a tenth of a default thread's share of a busy core. */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's CPU priority (Linux only); whether it did. */
export function runAsBackgroundThread(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    if (getPriority(0) < BACKGROUND_NICE) setPriority(0, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
