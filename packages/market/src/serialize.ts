// Search results written straight to JSON text, byte for byte what JSON.stringify gives for
// flippingSearch / dropshipSearch, without building the row objects first. Static parts of a
// row (the variant's fields, each realm's fields) are rendered once per snapshot and reused.
import type { DealPairs, DealSearchOptions, SearchLimit } from './deals';
import { dropshipPlan, flippingPlan } from './deals';
import { afterAhCut, toGold } from './money';
import type { MarketSnapshot } from './snapshot';

interface Fragments {
  /** `{"uniqueTradeKey":"<item key>` (no closing quote) per variant. */
  keyOpen: string[];
  /** `"uniqueItemKey":...,"historical":n` per variant. */
  variant: string[];
  buying: string[];
  selling: string[];
}

const cache = new WeakMap<MarketSnapshot, Fragments>();

function inner(value: object): string {
  return JSON.stringify(value).slice(1, -1);
}

function fragments(snapshot: MarketSnapshot): Fragments {
  let f = cache.get(snapshot);
  if (f) return f;
  f = {
    keyOpen: new Array<string>(snapshot.variantCount),
    variant: new Array<string>(snapshot.variantCount),
    buying: snapshot.realms.map((r) =>
      inner({
        buyingConnectedRealmId: r.id,
        buyingConnectedRealmName: r.name,
        buyingConnectedRealmPopulation: r.population,
      }),
    ),
    selling: snapshot.realms.map((r) =>
      inner({
        sellingConnectedRealmId: r.id,
        sellingConnectedRealmName: r.name,
        sellingConnectedRealmPopulation: r.population,
      }),
    ),
  };
  cache.set(snapshot, f);
  return f;
}

function variantFragments(snapshot: MarketSnapshot, f: Fragments, v: number): void {
  const m = snapshot.variants[v];
  if (!m) throw new RangeError('variant outside the snapshot');
  f.keyOpen[v] = `{"uniqueTradeKey":${JSON.stringify(m.uniqueItemKey).slice(0, -1)}`;
  f.variant[v] = inner({
    uniqueItemKey: m.uniqueItemKey,
    id: m.id,
    realPetId: m.realPetId,
    name: m.name,
    class: m.class,
    subclass: m.subclass,
    bonus: m.bonus,
    mediaURL: m.mediaURL,
    quality: m.quality,
    itemLevel: m.itemLevel,
    patchNumber: m.patchNumber,
    crafted: m.crafted,
    sockets: m.sockets,
    tertiaryStats: m.tertiaryStats,
    saleRate: m.saleRate,
    avgSale: m.avgSale,
    marketValue: m.marketValue,
    historical: m.historical,
  });
}

function rowJson(snapshot: MarketSnapshot, f: Fragments, pairs: DealPairs, i: number): string {
  const v = pairs.variant[i] as number;
  const b = pairs.buyEntry[i] as number;
  const s = pairs.sellEntry[i] as number;
  if (f.variant[v] === undefined) variantFragments(snapshot, f, v);
  const br = snapshot.entryRealm[b] as number;
  const sr = snapshot.entryRealm[s] as number;
  const buy = snapshot.entryPrice[b] as number;
  const sell = snapshot.entryPrice[s] as number;
  const cut = afterAhCut(sell);
  return (
    `${f.keyOpen[v]}_${snapshot.realmIds[br]}-${snapshot.realmIds[sr]}",${f.variant[v]}` +
    `,"buyBuyout":${toGold(buy)},"sellBuyout":${toGold(sell)},"sellAHCut":${toGold(cut)}` +
    `,"sellVsBuy":${toGold(cut - buy)},"saleAvgVsBuy":${toGold(afterAhCut(snapshot.avgSale[v] as number) - buy)}` +
    `,${f.buying[br]},${f.selling[sr]}}`
  );
}

/** JSON.stringify(flippingSearch(snapshot, options)), written directly. */
export function flippingJson(snapshot: MarketSnapshot, options: DealSearchOptions & SearchLimit): string {
  const { pairs, rows } = flippingPlan(snapshot, options);
  const f = fragments(snapshot);
  const parts = new Array<string>(rows.length);
  for (let k = 0; k < rows.length; k++) parts[k] = rowJson(snapshot, f, pairs, rows[k] as number);
  return `[${parts.join(',')}]`;
}

/** JSON.stringify(dropshipSearch(snapshot, options)), written directly. */
export function dropshipJson(snapshot: MarketSnapshot, options: DealSearchOptions & SearchLimit): string {
  const { pairs, groups } = dropshipPlan(snapshot, options);
  const f = fragments(snapshot);
  const parts = new Array<string>(groups.length);
  for (let k = 0; k < groups.length; k++) {
    const { key, rows } = groups[k] as { key: string; rows: Int32Array };
    const items = new Array<string>(rows.length);
    for (let j = 0; j < rows.length; j++) items[j] = rowJson(snapshot, f, pairs, rows[j] as number);
    const top = rows[0] as number;
    const best =
      afterAhCut(snapshot.entryPrice[pairs.sellEntry[top] as number] as number) -
      (snapshot.entryPrice[pairs.buyEntry[top] as number] as number);
    parts[k] =
      `{"key":${JSON.stringify(key)},"mainItem":${items[0]},"variants":[${items.join(',')}]` +
      `,"bestProfit":${toGold(best)},"totalCount":${rows.length}}`;
  }
  return `[${parts.join(',')}]`;
}
