// The 14-day history of a deal's two realms, for its details: per UTC day the lowest price listed, the most
// listings seen at once, and the sales seen with their median, read from the stored evidence (the
// same rows every process sees) by the raw variants the current snapshot names for the item.
import type { Region } from '@goldroute/domain';
import type { DealHistoryQuery, DealHistoryResponse, RealmDay } from '@goldroute/domain/api';
import { EVIDENCE_DAYS, type HistoryDay, type RealmEvidence } from '@goldroute/market';
import type { EvidenceStore } from './evidence-store';
import type { MarketStore } from './market-store';

const DAY_MS = 86_400_000;
const toGold = (copper: number | null): number | null => (copper === null ? null : copper / 10_000);

/** One realm's days for several raw variants of one item: listings and sales add up. */
function realmDays(evidence: RealmEvidence | null, raws: Int32Array, days: number[]): RealmDay[] {
  const byDay = new Map<number, RealmDay & { busiest: number }>();
  for (const raw of evidence ? raws : []) {
    for (const d of (evidence as RealmEvidence).history(raw)) add(byDay, d);
  }
  return days.map((day) => {
    const d = byDay.get(day);
    return d
      ? { lowest: toGold(d.lowest), listings: d.listings, sales: d.sales, median: toGold(d.median) }
      : { lowest: null, listings: 0, sales: 0, median: null };
  });
}

function add(byDay: Map<number, RealmDay & { busiest: number }>, d: HistoryDay): void {
  const cur = byDay.get(d.day);
  if (!cur) {
    byDay.set(d.day, {
      lowest: d.lowest,
      listings: d.listings,
      sales: d.sales,
      median: d.median,
      busiest: d.sales,
    });
    return;
  }
  if (d.lowest !== null && (cur.lowest === null || d.lowest < cur.lowest)) cur.lowest = d.lowest;
  cur.listings += d.listings;
  cur.sales += d.sales;
  // The median of the variant that sold most stands for the item (merging bins would need them all).
  if (d.sales > cur.busiest) {
    cur.median = d.median;
    cur.busiest = d.sales;
  }
}

export function createDealHistory(store: MarketStore, evidence: EvidenceStore) {
  return async (region: Region, q: DealHistoryQuery): Promise<DealHistoryResponse | null> => {
    const snapshot = store.current(region)?.snapshot;
    const v = snapshot ? snapshot.variantIndexOf(q.uniqueItemKey) : -1;
    if (!snapshot || v < 0) return null;
    const raws = snapshot.rawIds.subarray(snapshot.rawOffsets[v], snapshot.rawOffsets[v + 1]);
    const stored = await evidence.realms(region, [q.buyRealm, q.sellRealm]);
    const buy = stored.get(q.buyRealm) ?? null;
    const sell = stored.get(q.sellRealm) ?? null;
    const today = Math.floor(snapshot.lastModified / DAY_MS) * DAY_MS;
    const days = Array.from({ length: EVIDENCE_DAYS }, (_, i) => today - (EVIDENCE_DAYS - 1 - i) * DAY_MS);
    const buyDays = realmDays(buy, raws, days);
    const sellDays = realmDays(sell, raws, days);
    return {
      hoursObserved: sell?.hoursObserved(snapshot.lastModified) ?? 0,
      days: days.map((day, i) => ({
        day: new Date(day).toISOString().slice(0, 10),
        buy: buyDays[i] as RealmDay,
        sell: sellDays[i] as RealmDay,
      })),
    };
  };
}

export type DealHistory = ReturnType<typeof createDealHistory>;
