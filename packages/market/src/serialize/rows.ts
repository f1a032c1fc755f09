// Search results written straight to UTF-8 JSON bytes, byte for byte what JSON.stringify gives for
// flippingSearch / dropshipSearch, without building row objects or intermediate strings. The
// static parts of a row (the variant's fields, each realm's fields) are encoded once per
// snapshot and copied; only the keys' realm ids and the five money figures are written per row.
import { CONFIDENCE_LEVELS, DEAL_FLAGS, TRADE_ITEM_VARIANT_FIELDS } from '@goldroute/domain';
import type { ConfidenceLevel, DealFlag, DealTrust, TradeEvidence } from '@goldroute/domain';
import type { DealPairs, DealSearchOptions } from '../deals';
import type { SearchLimit } from '../deals';
import { dropshipPlan, flippingPlan } from '../deals';
import { dealEvidence, dealTrust, emptyPrices, fillPrices, pairLate } from '../deals';
import { afterAhCut, COPPER_PER_GOLD, toGold } from '../money';
import type { MarketSnapshot } from '../snapshot';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);

interface Fragments {
  /** `{"uniqueTradeKey":"<item key>` (no closing quote) per variant, encoded on first use. */
  keyOpen: (Uint8Array | undefined)[];
  /** `"uniqueItemKey":...,"historical":n` per variant. */
  variant: (Uint8Array | undefined)[];
  /** `"buyingConnectedRealmId":..,"buyingConnectedRealmPopulation":".."` per realm index. */
  buying: Uint8Array[];
  selling: Uint8Array[];
}

const cache = new WeakMap<MarketSnapshot, Fragments>();

function inner(value: object): string {
  return JSON.stringify(value).slice(1, -1);
}

function fragments(snapshot: MarketSnapshot): Fragments {
  let f = cache.get(snapshot);
  if (f) return f;
  f = {
    keyOpen: new Array<Uint8Array | undefined>(snapshot.variantCount),
    variant: new Array<Uint8Array | undefined>(snapshot.variantCount),
    buying: snapshot.realms.map((r) =>
      bytes(
        inner({
          buyingConnectedRealmId: r.id,
          buyingConnectedRealmName: r.name,
          buyingConnectedRealmPopulation: r.population,
        }),
      ),
    ),
    selling: snapshot.realms.map((r) =>
      bytes(
        inner({
          sellingConnectedRealmId: r.id,
          sellingConnectedRealmName: r.name,
          sellingConnectedRealmPopulation: r.population,
        }),
      ),
    ),
  };
  cache.set(snapshot, f);
  return f;
}

function variantFragments(snapshot: MarketSnapshot, f: Fragments, v: number): void {
  const m = snapshot.variants[v];
  if (!m) throw new RangeError('variant outside the snapshot');
  f.keyOpen[v] = bytes(`{"uniqueTradeKey":${JSON.stringify(m.uniqueItemKey).slice(0, -1)}`);
  // The variant's fields in TradeItem order, as tradeItemOf writes them.
  f.variant[v] = bytes(
    inner(Object.fromEntries(TRADE_ITEM_VARIANT_FIELDS.map((field) => [field, m[field]]))),
  );
}

const K_TRADE_KEY_CLOSE = bytes('",');
const K_BUY = bytes(',"buyBuyout":');
const K_SELL = bytes(',"sellBuyout":');
const K_CUT = bytes(',"sellAHCut":');
const K_PROFIT = bytes(',"sellVsBuy":');
const K_SALE_AVG = bytes(',"saleAvgVsBuy":');
const K_GROUP_KEY = bytes('{"key":');
const K_MAIN_ITEM = bytes(',"mainItem":');
const K_VARIANTS = bytes(',"variants":[');
const K_BEST = bytes('],"bestProfit":');
const K_TOTAL = bytes(',"totalCount":');
const K_REALISTIC = bytes(',"realisticProfit":');
const K_SALE_CHANCE = bytes(',"saleChance":');
const K_CONFIDENCE = Object.fromEntries(
  CONFIDENCE_LEVELS.map((level) => [level, bytes(`,"confidence":"${level}","flags":[`)]),
) as Record<ConfidenceLevel, Uint8Array>;
const K_FLAG = Object.fromEntries(DEAL_FLAGS.map((flag) => [flag, bytes(`"${flag}"`)])) as Record<
  DealFlag,
  Uint8Array
>;
/**
 * The evidence's keys in the order dealEvidence writes them (its object's own order, which
 * JSON.stringify follows), each as the bytes that open its value; taken from the first row written.
 */
let evidenceKeys: { keys: (keyof TradeEvidence)[]; open: Uint8Array[] } | null = null;
function evidenceKeysOf(e: TradeEvidence): { keys: (keyof TradeEvidence)[]; open: Uint8Array[] } {
  if (evidenceKeys) return evidenceKeys;
  const keys = Object.keys(e) as (keyof TradeEvidence)[];
  const open = keys.map((key, i) => bytes(`${i === 0 ? '],"evidence":{' : ','}"${key}":`));
  return (evidenceKeys = { keys, open });
}
/** Longest text of a number written by the writer (sign, 16 digits, point, exponent...). */
const NUMBER_MAX = 32;
/** The trust fields' keys (about 350 bytes), every flag, and 14 numbers. */
const TRUST_MAX = 420 + 14 * NUMBER_MAX;
/** Row bytes besides the fragments: constants, two realm ids and five money figures. */
const ROW_EXTRA =
  K_TRADE_KEY_CLOSE.length +
  K_BUY.length +
  K_SELL.length +
  K_CUT.length +
  K_PROFIT.length +
  K_SALE_AVG.length +
  8 +
  7 * NUMBER_MAX +
  TRUST_MAX;

/** Copper amounts below this are written digit by digit (their gold text is exact, see gold()). */
const EXACT_COPPER = 1e15;

/** A fixed-capacity UTF-8 byte writer (callers size it with an upper bound). */
class Writer {
  readonly buf: Uint8Array;
  pos = 0;
  private readonly digits = new Uint8Array(24);

  constructor(capacity: number) {
    this.buf = new Uint8Array(capacity);
  }

  byte(c: number): void {
    this.buf[this.pos++] = c;
  }

  put(b: Uint8Array): void {
    const n = b.length;
    if (n > 48) this.buf.set(b, this.pos);
    else for (let i = 0; i < n; i++) this.buf[this.pos + i] = b[i] as number;
    this.pos += n;
  }

  ascii(text: string): void {
    for (let i = 0; i < text.length; i++) this.buf[this.pos++] = text.charCodeAt(i);
  }

  /** A number or null as JSON.stringify writes it. */
  num(n: number | null): void {
    if (n === null || !Number.isFinite(n)) this.ascii('null');
    else if (Number.isSafeInteger(n) && n >= 0) this.uint(n);
    else this.ascii(String(n));
  }

  /** A non-negative safe integer, else the number's JavaScript text. */
  uint(n: number): void {
    if (!(Number.isSafeInteger(n) && n >= 0)) return this.ascii(String(n));
    const d = this.digits;
    let k = 0;
    do {
      const q = Math.floor(n / 10);
      d[k++] = 48 + n - q * 10;
      n = q;
    } while (n > 0);
    while (k > 0) this.buf[this.pos++] = d[--k] as number;
  }

  /**
   * `toGold(copper)` as JSON.stringify writes it. For integer copper below 10^15 that is the exact
   * decimal copper / 10000 without trailing zeros: it has at most 15 significant digits, so it is
   * the shortest text that reads back as the same double. Anything else goes through String().
   */
  gold(copper: number): void {
    if (!Number.isInteger(copper) || copper >= EXACT_COPPER || copper <= -EXACT_COPPER) {
      const gold = toGold(copper);
      return this.ascii(Number.isFinite(gold) ? String(gold) : 'null');
    }
    if (copper < 0) {
      this.byte(45);
      copper = -copper;
    }
    const whole = Math.floor(copper / COPPER_PER_GOLD);
    let fraction = copper - whole * COPPER_PER_GOLD;
    this.uint(whole);
    if (fraction === 0) return;
    this.byte(46);
    for (let unit = COPPER_PER_GOLD / 10; fraction > 0; unit /= 10) {
      const digit = Math.floor(fraction / unit);
      this.byte(48 + digit);
      fraction -= digit * unit;
    }
  }

  result(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

/** Upper bound of a row's bytes; encodes the variant's fragments on first use. */
function rowBound(snapshot: MarketSnapshot, f: Fragments, pairs: DealPairs, i: number): number {
  const v = pairs.variant[i] as number;
  if (f.variant[v] === undefined) variantFragments(snapshot, f, v);
  return (
    (f.keyOpen[v] as Uint8Array).length +
    (f.variant[v] as Uint8Array).length +
    (f.buying[snapshot.entryRealm[pairs.buyEntry[i] as number] as number] as Uint8Array).length +
    (f.selling[snapshot.entryRealm[pairs.sellEntry[i] as number] as number] as Uint8Array).length +
    ROW_EXTRA
  );
}

/** Writes one trade item (its fragments exist: rowBound ran for it). */
function writeRow(w: Writer, snapshot: MarketSnapshot, f: Fragments, pairs: DealPairs, i: number): void {
  const v = pairs.variant[i] as number;
  const b = pairs.buyEntry[i] as number;
  const s = pairs.sellEntry[i] as number;
  const br = snapshot.entryRealm[b] as number;
  const sr = snapshot.entryRealm[s] as number;
  const buy = snapshot.entryPrice[b] as number;
  const sell = snapshot.entryPrice[s] as number;
  const cut = afterAhCut(sell);
  w.put(f.keyOpen[v] as Uint8Array);
  w.byte(95); // _
  w.uint(snapshot.realmIds[br] as number);
  w.byte(45); // -
  w.uint(snapshot.realmIds[sr] as number);
  w.put(K_TRADE_KEY_CLOSE);
  w.put(f.variant[v] as Uint8Array);
  w.put(K_BUY);
  w.gold(buy);
  w.put(K_SELL);
  w.gold(sell);
  w.put(K_CUT);
  w.gold(cut);
  w.put(K_PROFIT);
  w.gold(cut - buy);
  w.put(K_SALE_AVG);
  w.gold(afterAhCut(snapshot.avgSale[v] as number) - buy);
  w.byte(44); // ,
  w.put(f.buying[br] as Uint8Array);
  w.byte(44);
  w.put(f.selling[sr] as Uint8Array);
  const evidence = dealEvidence(snapshot, v, b, s);
  const prices = fillPrices(emptyPrices(), snapshot, v, b, s);
  writeTrust(w, dealTrust(snapshot, prices, evidence, pairLate(snapshot, b, s)), evidence);
  w.byte(125); // }
}

/**
 * `,"realisticProfit":..,"saleChance":..,"confidence":..,"flags":[..],"evidence":{..}` as JSON.stringify writes the
 * trade item's fields (in their order: tradeItemOf, dealEvidence), from constant key bytes: a
 * JSON.stringify of them per row was half the answer's build time.
 */
function writeTrust(w: Writer, trust: DealTrust, e: TradeEvidence): void {
  w.put(K_REALISTIC);
  w.num(trust.realisticProfit);
  w.put(K_SALE_CHANCE);
  w.num(trust.saleChance);
  w.put(K_CONFIDENCE[trust.confidence]);
  const flags = trust.flags;
  for (let k = 0; k < flags.length; k++) {
    if (k > 0) w.byte(44);
    w.put(K_FLAG[flags[k] as DealFlag]);
  }
  const { keys, open } = evidenceKeysOf(e);
  for (let k = 0; k < keys.length; k++) {
    w.put(open[k] as Uint8Array);
    w.num(e[keys[k] as keyof TradeEvidence]);
  }
  w.byte(125); // } of evidence
}

/** UTF-8 bytes of JSON.stringify(flippingSearch(snapshot, options)). */
export function flippingJsonBytes(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): Uint8Array {
  const { pairs, rows } = flippingPlan(snapshot, options);
  const f = fragments(snapshot);
  let bound = 2;
  for (let k = 0; k < rows.length; k++) bound += rowBound(snapshot, f, pairs, rows[k] as number) + 1;
  const w = new Writer(bound);
  w.byte(91); // [
  for (let k = 0; k < rows.length; k++) {
    if (k > 0) w.byte(44);
    writeRow(w, snapshot, f, pairs, rows[k] as number);
  }
  w.byte(93); // ]
  return w.result();
}

/** UTF-8 bytes of JSON.stringify(dropshipSearch(snapshot, options)). */
export function dropshipJsonBytes(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): Uint8Array {
  return dropshipJsonAnswer(snapshot, options).items;
}

/** dropshipJsonBytes, and how many groups the search found before its limit. */
export function dropshipJsonAnswer(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): { items: Uint8Array; found: number } {
  const { pairs, groups, found } = dropshipPlan(snapshot, options);
  const f = fragments(snapshot);
  const keys = groups.map((g) => bytes(JSON.stringify(g.key)));
  let bound = 2;
  for (let k = 0; k < groups.length; k++) {
    const { rows } = groups[k] as { rows: Int32Array };
    bound += (keys[k] as Uint8Array).length + 80 + 2 * NUMBER_MAX;
    for (let j = 0; j < rows.length; j++) bound += rowBound(snapshot, f, pairs, rows[j] as number) + 1;
    bound += rowBound(snapshot, f, pairs, rows[0] as number); // mainItem repeats the first row
  }
  const w = new Writer(bound);
  w.byte(91);
  for (let k = 0; k < groups.length; k++) {
    const { rows } = groups[k] as { rows: Int32Array };
    if (k > 0) w.byte(44);
    w.put(K_GROUP_KEY);
    w.put(keys[k] as Uint8Array);
    w.put(K_MAIN_ITEM);
    const mainStart = w.pos;
    writeRow(w, snapshot, f, pairs, rows[0] as number);
    const mainEnd = w.pos;
    w.put(K_VARIANTS);
    w.buf.copyWithin(w.pos, mainStart, mainEnd);
    w.pos += mainEnd - mainStart;
    for (let j = 1; j < rows.length; j++) {
      w.byte(44);
      writeRow(w, snapshot, f, pairs, rows[j] as number);
    }
    const top = rows[0] as number;
    w.put(K_BEST);
    w.gold(
      afterAhCut(snapshot.entryPrice[pairs.sellEntry[top] as number] as number) -
        (snapshot.entryPrice[pairs.buyEntry[top] as number] as number),
    );
    w.put(K_TOTAL);
    w.uint(rows.length);
    w.byte(125);
  }
  w.byte(93);
  return { items: w.result(), found };
}

/** JSON.stringify(flippingSearch(snapshot, options)), written directly. */
export function flippingJson(snapshot: MarketSnapshot, options: DealSearchOptions & SearchLimit): string {
  return decoder.decode(flippingJsonBytes(snapshot, options));
}

/** JSON.stringify(dropshipSearch(snapshot, options)), written directly. */
export function dropshipJson(snapshot: MarketSnapshot, options: DealSearchOptions & SearchLimit): string {
  return decoder.decode(dropshipJsonBytes(snapshot, options));
}
