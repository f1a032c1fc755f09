// The embedded default's evidence replay (issue 13): a fresh start has no past snapshots, but the
// simulator can tell any past hour's dump, so the 14 days before the first snapshot are replayed in
// the background. Every dump yields to the event loop, so the app keeps answering. First the recent
// hours (from the start of yesterday, UTC) are replayed forward into evidence of their own, which
// replaces the live one in one synchronous step once it has caught up with the live builder; then
// each older day is replayed apart (from the hour before it) and added as a whole day. A snapshot is
// published after each step, so evidence grows on screen while the replay runs.
import type { DayBucket } from '@goldroute/market';
import { EVIDENCE_DAYS, ingestRealmDump, RealmEvidence, type SnapshotBuilder } from '@goldroute/market';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

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
}

/** Feeds a realm's dump of the hour at `hourMs` unless it is newer than `until` or already fed. */
function feed(r: Replay, evidence: RealmEvidence, id: number, hourMs: number, until: number): boolean {
  if (hourMs > until) return false;
  const { body, lastModified } = r.past.dump(id, hourMs);
  if (lastModified > until || (evidence.lastHourMs ?? -Infinity) >= lastModified) return false;
  const listing = ingestRealmDump(body, { connectedRealmId: id, table: r.builder.table, auctions: true });
  if (listing.auctions) evidence.observe(lastModified, listing.auctions, sameRaw);
  return true;
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
  const replayed = new Map<number, RealmEvidence>(r.realmIds.map((id) => [id, new RealmEvidence()]));
  for (let hour = firstDay; ; hour += HOUR_MS) {
    for (const id of r.realmIds) {
      feed(r, replayed.get(id) as RealmEvidence, id, hour, liveAt(r, id) ?? -Infinity);
      await yieldToLoop();
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
  const scratch = new Map<number, RealmEvidence>(r.realmIds.map((id) => [id, new RealmEvidence()]));
  for (let hour = dayMs - HOUR_MS; hour < dayMs + DAY_MS; hour += HOUR_MS) {
    for (const id of r.realmIds) {
      feed(r, scratch.get(id) as RealmEvidence, id, hour, dayMs + DAY_MS);
      await yieldToLoop();
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

/**
 * The whole replay: recent hours, then each older day, newest first, until 14 days are covered.
 * `step` runs after each part (publish a snapshot, save the evidence).
 */
export async function replayEvidence(
  r: Replay,
  step: (progress: ReplayProgress) => Promise<void>,
): Promise<ReplayProgress | null> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const firstDay = await replayRecent(r);
  if (firstDay === null) return null;
  const today = firstDay + DAY_MS;
  let days = 2;
  await step({ days, ms: elapsed() });
  const oldest = today - (Math.min(r.past.days, EVIDENCE_DAYS) - 1) * DAY_MS;
  for (let day = firstDay - DAY_MS; day >= oldest; day -= DAY_MS) {
    if (!(await replayPastDay(r, day))) return null;
    days++;
    await step({ days, ms: elapsed() });
  }
  return { days, ms: elapsed() };
}
