// How fresh market data is kept. Blizzard publishes a whole region in one batch (EU realms within seconds
// of each other, US realms over one to three minutes); the ingesting process probes a few sentinel realms
// from shortly before the next batch is due, fetches the whole region on the first change, and keeps
// re-probing the realms that did not change yet. A realm still unchanged this long after its region's
// batch began is late: shown with its age, and its deals carry the stale reason.
export const LATE_AFTER_SECONDS = 10 * 60;
/** Sentinel and re-probe period while a batch is due or landing. */
export const PROBE_EVERY_MS = 10_000;
/** The full poll of every realm stays as a safety net (MARKET_POLL_MINUTES, this by default). */
export const FULL_POLL_MINUTES = 10;

/** The batch interval assumed until two batch starts are known. */
export const DEFAULT_BATCH_INTERVAL_MS = 60 * 60_000;
/** Batch starts kept for learning the interval: enough for a median that one odd gap does not move. */
export const BATCH_HISTORY = 8;
/** Sentinel realms probed per region while a batch is due. */
export const SENTINEL_REALMS = 3;
/** Probing starts this long before the batch is due, at most (a tenth of the interval when that is shorter). */
export const PROBE_LEAD_MAX_MS = 3 * 60_000;

/**
 * The median gap between consecutive batch starts (unix ms, ascending); `assumed` until two are known
 * (the hour, or the hour a source says it publishes at: a simulator's fast hour).
 */
export function batchInterval(starts: readonly number[], assumed = DEFAULT_BATCH_INTERVAL_MS): number {
  const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
  const positive = gaps.filter((g) => g > 0).sort((a, b) => a - b);
  if (positive.length === 0) return assumed;
  const mid = Math.floor(positive.length / 2);
  return positive.length % 2 === 1
    ? (positive[mid] as number)
    : ((positive[mid - 1] as number) + (positive[mid] as number)) / 2;
}

/** How long before the due time probing starts: 3 minutes, or a tenth of a shorter interval. */
export function probeLead(intervalMs: number): number {
  return Math.min(PROBE_LEAD_MAX_MS, intervalMs / 10);
}

/** When the next batch is due (unix ms): the last start plus the learned interval; null without history. */
export function nextBatchDue(starts: readonly number[], assumed = DEFAULT_BATCH_INTERVAL_MS): number | null {
  const last = starts.at(-1);
  return last === undefined ? null : last + batchInterval(starts, assumed);
}

/**
 * Whether sentinels are probed now: from the lead before the next batch is due until it is detected (a
 * late batch keeps the window open), and always while no batch start is known.
 */
export function probeWindowOpen(
  starts: readonly number[],
  nowMs: number,
  assumed = DEFAULT_BATCH_INTERVAL_MS,
): boolean {
  const due = nextBatchDue(starts, assumed);
  if (due === null) return true;
  return nowMs >= due - probeLead(batchInterval(starts, assumed));
}

/** Adds a batch start to the history (ascending, the last BATCH_HISTORY kept). */
export function withBatchStart(starts: readonly number[], startMs: number): number[] {
  return [...starts, startMs].sort((a, b) => a - b).slice(-BATCH_HISTORY);
}

/**
 * How long a batch lands before its missing realms are late: LATE_AFTER_SECONDS for any real interval
 * (one that wandered to 50 minutes included), and a fifth of a shorter one (a fast simulated hour), so that
 * the rule still fires well before the next batch.
 */
export function lateAfterMs(intervalMs: number): number {
  return Math.min(LATE_AFTER_SECONDS * 1000, intervalMs / 5);
}

/**
 * Where a batch's landing window starts: when it began, so that a batch a process finds already landed
 * (at its start) has its late realms at once; never later than when it was seen (a stamp ahead of
 * our clock), nor earlier than a whole window before (what was late is decided at the next step).
 */
export function landingFrom(batchStartMs: number, seenAtMs: number, intervalMs: number): number {
  return Math.min(seenAtMs, Math.max(batchStartMs, seenAtMs - lateAfterMs(intervalMs)));
}

/** Whether a region's batch detected at `detectedAtMs` has had its time: the realms still missing are late. */
export function landingOver(
  detectedAtMs: number,
  nowMs: number,
  intervalMs = DEFAULT_BATCH_INTERVAL_MS,
): boolean {
  return nowMs - detectedAtMs >= lateAfterMs(intervalMs);
}

/**
 * A changed realm's dump opens a new batch when the realm already had the current batch's dump, or when
 * its time is past half the interval from the current batch's start (a realm late a whole batch). Else it
 * is a realm of the current batch landing (late or not).
 */
export function opensNewBatch(input: {
  alreadyInBatch: boolean;
  dumpMs: number;
  batchStartMs: number | null;
  intervalMs: number;
}): boolean {
  if (input.batchStartMs === null) return true;
  return input.alreadyInBatch || input.dumpMs - input.batchStartMs >= input.intervalMs / 2;
}

/** `count` ids spread evenly over the list (all of them when it is that short). */
export function spreadPick<T>(list: readonly T[], count = SENTINEL_REALMS): T[] {
  if (list.length <= count) return [...list];
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)] as T);
}
