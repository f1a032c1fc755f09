// The freshness benchmark's arithmetic: from the simulator's publication schedule, the snapshots the app
// published (with each realm's dump time) and the "shown" reports the open tools sent, the delay of every
// realm-hour from Blizzard's Last-Modified to an open tool showing it, split into detection + ingest and
// push + reload; and whether the realm-hours the schedule left behind were flagged late in time.

/** One batch of one region, as the simulator's schedule tells it (times in ms). */
export interface ScheduledBatch {
  hour: number;
  startedAt: number;
  lastPublishedAt: number;
  realms: readonly { id: number; publishedAt: number }[];
  leftBehind: readonly number[];
}

/** A snapshot the app published: when, its lastModified (unix s) and each realm's dump time (unix s). */
export interface PublishSeen {
  at: number;
  lastModified: number;
  realmTimes: Readonly<Record<string, number>>;
}

/** A tool's POST /shared/data/shown/{region}: when the browser sent it, and for which snapshot (unix s). */
export interface ShownSeen {
  at: number;
  lastModified: number;
}

/** A poll of GET /shared/data/timer/{region}: the late realm ids at that moment. */
export interface LateSeen {
  at: number;
  lateIds: readonly number[];
}

export interface RealmHourDelay {
  hour: number;
  realmId: number;
  publishedAt: number;
  /** The first snapshot holding this dump was published (null: never within the run). */
  ingestedAt: number | null;
  /** The first shown report of a snapshot at least that new (null: none within the run). */
  shownAt: number | null;
}

/** The first published snapshot that holds the realm's dump of this hour (its time at least publishedAt). */
function firstHolding(
  publishes: readonly PublishSeen[],
  realmId: number,
  publishedAt: number,
): PublishSeen | null {
  const stamp = Math.floor(publishedAt / 1000);
  return publishes.find((p) => (p.realmTimes[String(realmId)] ?? 0) >= stamp) ?? null;
}

/** Every published realm-hour of the batches: when it was ingested and when an open tool showed it. */
export function realmHourDelays(
  batches: readonly ScheduledBatch[],
  publishes: readonly PublishSeen[],
  shown: readonly ShownSeen[],
): RealmHourDelay[] {
  const out: RealmHourDelay[] = [];
  for (const batch of batches) {
    for (const realm of batch.realms) {
      const holding = firstHolding(publishes, realm.id, realm.publishedAt);
      const report = holding
        ? shown.find((s) => s.at >= holding.at && s.lastModified >= holding.lastModified)
        : undefined;
      out.push({
        hour: batch.hour,
        realmId: realm.id,
        publishedAt: realm.publishedAt,
        ingestedAt: holding?.at ?? null,
        shownAt: report?.at ?? null,
      });
    }
  }
  return out;
}

/** Per batch: from its last realm's Last-Modified to the first report showing that realm (ms; null: never). */
export function afterLastRealm(
  batches: readonly ScheduledBatch[],
  delays: readonly RealmHourDelay[],
): (number | null)[] {
  return batches.map((batch) => {
    const last = batch.realms.filter((r) => r.publishedAt === batch.lastPublishedAt);
    const rows = delays.filter((d) => d.hour === batch.hour && last.some((r) => r.id === d.realmId));
    if (rows.length === 0 || rows.some((d) => d.shownAt === null)) return null;
    return Math.max(...rows.map((d) => (d.shownAt as number) - batch.lastPublishedAt));
  });
}

export interface LateTally {
  /** Left-behind realm-hours whose lateness lasted past the landing window (plus detection) inside the run. */
  due: number;
  /** Of those, the ones the app listed as late while that batch was the newest. */
  flagged: number;
  missed: { hour: number; realmId: number }[];
}

/**
 * A realm left behind by a batch is late from the batch's start until the next batch starts (or the run
 * ends); it counts when that span outlasts `graceMs` (the landing window plus a detection step), and it is
 * flagged when some timer poll in that span lists it.
 */
export function lateTally(
  batches: readonly ScheduledBatch[],
  nextStart: (batch: ScheduledBatch) => number,
  polls: readonly LateSeen[],
  runEnd: number,
  graceMs: number,
): LateTally {
  const tally: LateTally = { due: 0, flagged: 0, missed: [] };
  for (const batch of batches) {
    const until = Math.min(nextStart(batch), runEnd);
    if (until - batch.startedAt <= graceMs) continue;
    const inSpan = polls.filter((p) => p.at >= batch.startedAt && p.at < until);
    for (const realmId of batch.leftBehind) {
      tally.due++;
      if (inSpan.some((p) => p.lateIds.includes(realmId))) tally.flagged++;
      else tally.missed.push({ hour: batch.hour, realmId });
    }
  }
  return tally;
}

/** Per batch: from its start to the first snapshot holding any of its dumps (the sentinels' detection), ms. */
export function firstSnapshotAfterStart(
  batches: readonly ScheduledBatch[],
  publishes: readonly PublishSeen[],
): number[] {
  const out: number[] = [];
  for (const batch of batches) {
    const first = publishes.find(
      (p) =>
        p.at >= batch.startedAt &&
        batch.realms.some((r) => (p.realmTimes[String(r.id)] ?? 0) >= Math.floor(r.publishedAt / 1000)),
    );
    if (first) out.push(first.at - batch.startedAt);
  }
  return out;
}

/** The q-quantile (0..1) by linear interpolation, as percentile_cont; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}
