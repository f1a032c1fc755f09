// What every compact answer on one snapshot shares (columns.ts), kept per snapshot: the ranges of the
// evidence counts and the variant pool with its dictionaries. The first answer on a new snapshot would
// make them for its own rows, seconds of work on a full region spread over the first answers; a server
// makes them ahead, in steps small enough to answer other requests in between (prepareAnswerCaches).
import { VARIANT_DICTS, VariantPool, type IntegerRange, type RowNumber } from '@goldroute/domain/wire';
import { flippingPairs } from '../deals';
import type { MarketSnapshot } from '../snapshot';

/** Variants added to a snapshot's pool in one step of prepareAnswerCaches (a few ms at full size under load). */
export const VARIANTS_PER_STEP = 500;
/** A dictionary value's text costs a fraction of pooling a variant: this many texts a step per variant. */
const TEXTS_PER_VARIANT = 10;

type EvidenceRanges = Partial<Record<RowNumber, IntegerRange>>;

/** The bounds of the evidence counts over a whole snapshot (evidenceRanges). */
const evidenceBounds = new WeakMap<MarketSnapshot, EvidenceRanges>();

const upTo = (values: ArrayLike<number>) => (): IntegerRange => {
  let max = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > max) max = values[i] as number;
  return { min: 0, max, nulls: false };
};

/** The most realms offering one variant (dealEvidence's realmsOffering): the longest run of its entries. */
const mostRealmsOffering = (snapshot: MarketSnapshot) => (): IntegerRange => {
  const { offsets } = snapshot;
  let max = 0;
  for (let v = 0; v < snapshot.variantCount; v++) {
    const entries = (offsets[v + 1] as number) - (offsets[v] as number);
    if (entries > max) max = entries;
  }
  return { min: 0, max, nulls: false };
};

/** Each evidence count's bound: the fields it bounds and the scan of the column they are read from. */
function evidenceBoundScans(snapshot: MarketSnapshot): [RowNumber[], () => IntegerRange][] {
  return [
    [['salesSeen14d'], upTo(snapshot.entrySales)],
    [['sellListingsNearPrice'], upTo(snapshot.entryNearListings)],
    [['sellQuantityNearPrice'], upTo(snapshot.entryNearQuantity)],
    [['buyQuantity'], upTo(snapshot.entryLowestQuantity)],
    [['sellListingAgeSnapshots', 'buyListingAgeSnapshots'], upTo(snapshot.entryAge)],
    [['hoursObserved'], upTo(snapshot.realmHoursObserved)],
    [['sellPostedHours'], upTo(snapshot.entryPostedHours)],
    [['realmsOffering'], mostRealmsOffering(snapshot)],
  ];
}

/** Works out the snapshot's evidence bounds unless known, a column a step; evidenceRanges keeps them. */
function* evidenceRangeSteps(snapshot: MarketSnapshot): Generator<void> {
  if (evidenceBounds.has(snapshot)) return;
  const ranges: EvidenceRanges = {};
  for (const [fields, scan] of evidenceBoundScans(snapshot)) {
    const range = scan();
    for (const field of fields) ranges[field] = range;
    yield;
  }
  // An answer made between two steps may have worked them out already: the same bounds.
  if (!evidenceBounds.has(snapshot)) evidenceBounds.set(snapshot, ranges);
}

/**
 * Ranges every row's evidence counts lie in, from the snapshot's columns they are read from (fillEvidence):
 * worked out once per snapshot, they spare each answer a scan of those columns.
 */
export function evidenceRanges(snapshot: MarketSnapshot): EvidenceRanges {
  for (const _ of evidenceRangeSteps(snapshot));
  return evidenceBounds.get(snapshot) as EvidenceRanges;
}

/** Each snapshot's variants as they were first used: pool indices by variant index (-1: not yet). */
const pools = new WeakMap<MarketSnapshot, { pool: VariantPool; index: Int32Array }>();

export function poolOf(snapshot: MarketSnapshot): { pool: VariantPool; index: Int32Array } {
  let entry = pools.get(snapshot);
  if (!entry) {
    entry = { pool: new VariantPool(), index: new Int32Array(snapshot.variantCount).fill(-1) };
    pools.set(snapshot, entry);
  }
  return entry;
}

/** Variant v's index in the snapshot's pool, added on first use. */
export function pooledVariant(snapshot: MarketSnapshot, v: number): number {
  const { pool, index } = poolOf(snapshot);
  let p = index[v] as number;
  if (p < 0) {
    const m = snapshot.variants[v];
    if (!m) throw new RangeError('variant outside the snapshot');
    p = index[v] = pool.add(m);
  }
  return p;
}

/**
 * Makes the snapshot's answer caches as the widest flipping answer (every buying and selling realm) would
 * use them, one step per `next()`: each evidence column's bound, each buying realm's deal search, then its
 * new variants into the pool at most `perStep` at a time, and last the pool's whole dictionaries. Answers
 * made meanwhile share the same caches, so stopping early loses nothing.
 */
export function* prepareAnswerCaches(
  snapshot: MarketSnapshot,
  perStep: number = VARIANTS_PER_STEP,
): Generator<void> {
  yield* evidenceRangeSteps(snapshot);
  const { pool, index } = poolOf(snapshot);
  const ids = snapshot.realms.map((r) => r.id);
  for (const id of ids) {
    const pairs = flippingPairs(snapshot, { buyingRealms: [id], sellingRealms: ids });
    yield;
    let added = 0;
    for (let i = 0; i < pairs.count; i++) {
      const v = pairs.variant[i] as number;
      if ((index[v] as number) >= 0) continue;
      pooledVariant(snapshot, v);
      if (++added === perStep) {
        added = 0;
        yield;
      }
    }
    if (added > 0) yield;
  }
  for (const field of VARIANT_DICTS) {
    yield* pool.prepareWholeSteps(field, perStep * TEXTS_PER_VARIANT);
    yield;
  }
}
