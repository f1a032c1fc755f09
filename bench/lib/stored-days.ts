// The server stores each realm's days of evidence in full, then keeps the past ones in memory as only
// what the build reads of them (region-ingestor.ts saveEvidence, RealmEvidence.compactPast). The
// benchmarks do the same after each hour and count what each day takes as stored (evidenceToBytes of
// the day alone, as a database row holds it).
import { EVIDENCE_DAYS, evidenceToBytes, RealmEvidence, type SnapshotBuilder } from '@goldroute/market';

export class StoredDays {
  /** Bytes as stored, by `${realm}:${day}`, of the days compacted so far. */
  private readonly bytes = new Map<string, number>();
  /** The slowest compaction (ms): it runs after the hour's save, once a day does real work. */
  slowestCompactMs = 0;

  /** Records the bytes of every past day held in full as stored, then compacts them. */
  storeAndCompact(builder: SnapshotBuilder): void {
    for (const [id, ev] of builder.evidenceRealms()) {
      for (const b of ev.buckets.slice(0, -1)) {
        this.bytes.set(`${id}:${b.day}`, evidenceToBytes(RealmEvidence.fromDays([b], ev.lastHourMs)).length);
      }
    }
    const t = performance.now();
    builder.compactEvidence();
    this.slowestCompactMs = Math.max(this.slowestCompactMs, performance.now() - t);
  }

  /** Bytes as stored of every realm's window: its compacted days and the days it holds in full. */
  total(builder: SnapshotBuilder): number {
    let sum = 0;
    for (const [id, ev] of builder.evidenceRealms()) {
      const newest = ev.buckets.at(-1)?.day ?? 0;
      for (const b of ev.buckets) sum += evidenceToBytes(RealmEvidence.fromDays([b], ev.lastHourMs)).length;
      for (const d of ev.allDays) {
        if (d.day > newest - EVIDENCE_DAYS && !ev.buckets.some((b) => b.day === d.day)) {
          sum += this.bytes.get(`${id}:${d.day}`) ?? 0;
        }
      }
    }
    return sum;
  }
}
