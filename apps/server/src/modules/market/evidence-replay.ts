// The embedded default's evidence replay (docs/deal-trust.md): a fresh start has no past snapshots, but the
// simulator can tell any past hour's dump, so the 14 days before the first snapshot are replayed in
// the background, paced (paced()) so that the app keeps its share of the event loop. First the recent
// hours (from the start of yesterday, UTC) are replayed forward into evidence of their own, which
// replaces the live one in one synchronous step once it has caught up with the live builder; then
// each older day is replayed apart (from the hour before it) and added as a whole day. A snapshot is
// published after each step, so evidence grows on screen while the replay runs.
import type { DayBucket, KeptShelf } from '@goldroute/market';
import { EVIDENCE_DAYS, ingestRealmDump, RealmEvidence, type SnapshotBuilder } from '@goldroute/market';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep, setImmediate as yieldToLoop } from 'node:timers/promises';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const sameRaw = (raw: number): number => raw;

export interface PastDumps {
  /** Days to replay (the recent step covers yesterday and today; 0: no replay). */
  readonly days: number;
  /** The dump a realm published for the hour starting at `hourMs`, and its lastModified (ms). */
  dump(realmId: number, hourMs: number): { body: string; lastModified: number };
}

interface Replay {
  builder: SnapshotBuilder;
  realmIds: readonly number[];
  past: PastDumps;
  stopped: () => boolean;
  /**
   * Where the replay's own evidence keeps each realm's last snapshot (kept-shelf.ts): files apart from
   * the live realms', so that a replay does not hold a whole region's snapshots in memory; memory without.
   */
  kept?: KeptShelf | undefined;
}

/** A realm's evidence for the replay, its snapshots kept where the replay keeps them. */
function replayRealm(r: Replay, id: number): RealmEvidence {
  const evidence = new RealmEvidence();
  if (r.kept) evidence.keepSnapshotsOn(r.kept.slot(id));
  return evidence;
}

/** Feeds a realm's dump of the hour at `hourMs` unless it is newer than `until` or already fed. */
function feed(r: Replay, evidence: RealmEvidence, id: number, hourMs: number, until: number): boolean {
  if (hourMs > until) return false;
  const { body, lastModified } = r.past.dump(id, hourMs);
  if (lastModified > until || (evidence.lastHourMs ?? -Infinity) >= lastModified) return false;
  const { table, ingestScratch: scratch, observeScratch } = r.builder;
  const listing = ingestRealmDump(body, { connectedRealmId: id, table, auctions: true, scratch });
  if (listing.auctions) evidence.observe(lastModified, listing.auctions, sameRaw, observeScratch);
  return true;
}

/**
 * How the replays share the event loop with the rest of the app. A dump is one block of synchronous
 * work (generate, ingest, observe: tens of ms at simulator size standard, about half a second at
 * full). Yielding one loop turn after each (setImmediate) starved all I/O: a streamed HTTP body takes a
 * turn per chunk, so the other region's first refresh, still fetching its realms' dumps from the
 * simulator, got one chunk per replayed dump; its first snapshot came minutes late, and at full size
 * never (every fetch ran into its 30 s timeout and was retried).
 *
 * So the replays owe the rest of the app a pause after each dump: as long as the dump took when the
 * app had work during the last pause (the replays then take at most half of the loop), a tenth of
 * that when it sat idle, so that a replay on an idle app is barely slowed. A pause too short for a
 * timer is carried over to the next one, with one loop turn yielded meanwhile. Process-wide state: the
 * replays of both regions, and of any app in this process, share one event loop.
 */
const PAUSE_PER_WORK = { busy: 1, idle: 0.1 } as const;
/** Shorter pauses are carried over (a timer costs about a millisecond whatever it is set to). */
const MIN_PAUSE_MS = 4;
/**
 * The app had work during a pause when it kept the loop active for more than this share of it, over
 * what waking up from the pause costs (a few tenths of a millisecond).
 */
const BUSY_SHARE = 0.02;
const WAKE_MS = 1;
const pacing = { freeAt: 0, busy: true, replayMs: 0 };

/** Runs one dump's work (synchronous) when the replays' turn comes. */
async function paced<T>(work: () => T): Promise<T> {
  for (;;) {
    const owed = pacing.freeAt - performance.now();
    if (owed < MIN_PAUSE_MS) {
      await yieldToLoop();
      break;
    }
    const before = performance.eventLoopUtilization();
    const replayBefore = pacing.replayMs;
    await sleep(owed);
    const during = performance.eventLoopUtilization(before);
    // Another replay's dump during this pause is no work of the app's.
    const app = during.active - (pacing.replayMs - replayBefore);
    pacing.busy = app > WAKE_MS + BUSY_SHARE * (during.active + during.idle);
    if (performance.now() >= pacing.freeAt) break;
  }
  const started = performance.now();
  const carried = Math.max(0, pacing.freeAt - started);
  try {
    return work();
  } finally {
    const ended = performance.now();
    pacing.replayMs += ended - started;
    pacing.freeAt = ended + carried + (ended - started) * PAUSE_PER_WORK[pacing.busy ? 'busy' : 'idle'];
  }
}

const liveAt = (r: Replay, id: number) => r.builder.realmEvidence(id)?.lastHourMs ?? null;

/**
 * Replays from the start of yesterday (UTC) up to each realm's live dump and swaps the result in.
 * Returns the first day it covered (the older days are replayed by replayPastDay), or null when
 * stopped or when no realm has a live dump yet.
 */
export async function replayRecent(r: Replay): Promise<number | null> {
  const live = r.realmIds.map((id) => liveAt(r, id)).filter((t): t is number => t !== null);
  if (live.length === 0) return null;
  const firstDay = Math.floor(Math.min(...live) / DAY_MS) * DAY_MS - DAY_MS;
  const replayed = new Map<number, RealmEvidence>(r.realmIds.map((id) => [id, replayRealm(r, id)]));
  for (let hour = firstDay; ; hour += HOUR_MS) {
    for (const id of r.realmIds) {
      await paced(() => feed(r, replayed.get(id) as RealmEvidence, id, hour, liveAt(r, id) ?? -Infinity));
      if (r.stopped()) return null;
    }
    // Caught up when no realm's live dump is newer than the hours replayed.
    if (!r.realmIds.some((id) => (liveAt(r, id) ?? -Infinity) >= hour + HOUR_MS)) break;
  }
  // The live builder may have taken a newer dump during the last hour: catch up synchronously, then
  // swap every realm in this same tick.
  for (const id of r.realmIds) {
    const evidence = replayed.get(id) as RealmEvidence;
    const until = liveAt(r, id);
    if (until === null) continue;
    const from = Math.floor((evidence.lastHourMs ?? until) / HOUR_MS) * HOUR_MS;
    for (let h = from; h <= until; h += HOUR_MS) feed(r, evidence, id, h, until);
    if (evidence.lastHourMs === until) r.builder.restoreEvidence(id, evidence);
  }
  return firstDay;
}

/** Replays the UTC day starting at `dayMs` (and the hour before it) and adds it to every realm. */
export async function replayPastDay(r: Replay, dayMs: number): Promise<boolean> {
  const scratch = new Map<number, RealmEvidence>(r.realmIds.map((id) => [id, replayRealm(r, id)]));
  for (let hour = dayMs - HOUR_MS; hour < dayMs + DAY_MS; hour += HOUR_MS) {
    for (const id of r.realmIds) {
      await paced(() => feed(r, scratch.get(id) as RealmEvidence, id, hour, dayMs + DAY_MS));
      if (r.stopped()) return false;
    }
  }
  for (const id of r.realmIds) {
    const day = scratch.get(id)?.buckets.find((b: DayBucket) => b.day * DAY_MS === dayMs);
    const live = r.builder.realmEvidence(id);
    if (day && live?.addPastDay(day)) r.builder.restoreEvidence(id, live);
  }
  return true;
}

export interface ReplayProgress {
  /** Whole days of evidence replayed so far (the recent step counts as its days). */
  days: number;
  ms: number;
}

/** Whether the realm's live evidence holds the UTC day starting at `dayMs` (whole or in part). */
const holdsDay = (r: Replay, id: number, dayMs: number): boolean =>
  r.builder.realmEvidence(id)?.hasDay(dayMs / DAY_MS) ?? false;

/**
 * Replays each day from `newest` back to the oldest of the window that ends with `today` and that
 * `wanted` asks for, adding it to `progress` and running `step` after each; false when stopped.
 */
async function replayDaysBack(
  r: Replay,
  newest: number,
  today: number,
  wanted: (dayMs: number) => boolean,
  progress: { days: number; started: number },
  step: (progress: ReplayProgress) => Promise<void>,
): Promise<boolean> {
  const oldest = today - (Math.min(r.past.days, EVIDENCE_DAYS) - 1) * DAY_MS;
  for (let day = newest; day >= oldest; day -= DAY_MS) {
    if (!wanted(day)) continue;
    if (!(await replayPastDay(r, day))) return false;
    progress.days++;
    await step(progressOf(progress));
  }
  return true;
}

const progressOf = (p: { days: number; started: number }): ReplayProgress => ({
  days: p.days,
  ms: Math.round(performance.now() - p.started),
});

/**
 * After a restart with stored evidence: replays the past days of the window that a realm with a live
 * dump lacks, newest first. A replay stopped by the restart leaves its oldest days missing, and so
 * does a stop of more than a day. A day a realm holds, even in part, is left as it is (addPastDay
 * keeps a realm's own day), so no hour is counted twice.
 */
export async function resumeEvidence(
  r: Replay,
  step: (progress: ReplayProgress) => Promise<void>,
): Promise<ReplayProgress | null> {
  const progress = { days: 0, started: performance.now() };
  const live = r.realmIds.filter((id) => liveAt(r, id) !== null);
  if (live.length === 0) return null;
  const today = Math.floor(Math.min(...live.map((id) => liveAt(r, id) as number)) / DAY_MS) * DAY_MS;
  const lacked = (day: number) => !live.every((id) => holdsDay(r, id, day));
  if (!(await replayDaysBack(r, today - DAY_MS, today, lacked, progress, step))) return null;
  return progressOf(progress);
}

/**
 * The whole replay: recent hours, then each older day, newest first, until 14 days are covered.
 * `step` runs after each part (publish a snapshot, save the evidence).
 */
export async function replayEvidence(
  r: Replay,
  step: (progress: ReplayProgress) => Promise<void>,
): Promise<ReplayProgress | null> {
  const progress = { days: 0, started: performance.now() };
  const firstDay = await replayRecent(r);
  if (firstDay === null) return null;
  progress.days = 2;
  await step(progressOf(progress));
  const every = () => true;
  if (!(await replayDaysBack(r, firstDay - DAY_MS, firstDay + DAY_MS, every, progress, step))) return null;
  return progressOf(progress);
}
