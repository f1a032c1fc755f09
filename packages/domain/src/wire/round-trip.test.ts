import { describe, expect, it } from 'vitest';
import { makeTradeEvidence, makeTradeItem } from '../test-fixtures';
import { TRADE_ITEM_VARIANT_FIELDS as VARIANT_FIELDS, groupDropship, type TradeItem } from '../trade-item';
import { DEAL_FLAGS, type DealFlag } from '../deal-evidence';
import { TRADE_COLUMNS_FORMAT, type AnswerHeader } from './answer-format';
import { ContainerError, isContainer, readContainer } from './container';
import { encodeDropshipAnswer, encodeFlippingAnswer } from './encode-items';
import { decodeMarketAnswer, tradeColumnsOf } from './trade-columns';
import { dropshipGroupsOf, itemKeyAt, tradeItemAt, tradeItemsOf, tradeKeyAt } from './trade-rows';
import { VariantPool } from './variant-pool';
import { TradeColumnsWriter } from './writer';

/** A deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REALMS = [
  { id: 11, name: 'Stormrage', population: 'HIGH' },
  { id: 1602, name: 'Гордунни', population: 'FULL' },
  { id: 3676, name: 'Area 52 "Quoted" \\ \u2028', population: 'MEDIUM' },
  { id: 99, name: 'Ragnaros 🐉', population: 'LOW' },
];
const NAMES = ['Thunderfury', 'Ashbringer', 'Клинок «Север»', 'Dragon’s Tooth 🐲', 'Plain'];

/**
 * Rows shaped like the engine's: whole-copper gold, trade keys by the rule, variants shared by rows,
 * pets, nulls, every flag. Every row differs from its neighbours in every per-row field, so a column
 * shifted by one row or taken from another column cannot round-trip.
 */
function engineLikeRows(count: number, seed: number): TradeItem[] {
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const copper = (max: number) => int(max) / 10_000;
  const rows: TradeItem[] = [];
  for (let i = 0; i < count; i++) {
    const pet = i % 7 === 3;
    const id = pet ? `pet_${100 + int(50)}` : 1000 + int(400);
    // Now and then a level the bonus data does not know (null), keyed `unknown` as itemKeyStem reads it.
    const itemLevel = pet ? 25 : i % 8 === 6 ? null : 10 + int(600);
    const craftedStats = i % 6 === 2 ? [['Haste', 'Mastery'], ['Critical Strike'], []][int(3)]! : [];
    const sockets = i % 5 === 0 ? [10_000 + int(3)] : [];
    const tertiaryStats = i % 9 === 0 ? ['Speed', 'Leech'].slice(0, 1 + int(2)) : [];
    const uniqueItemKey =
      `${id}${pet ? '_l' : '_ilvl-'}${itemLevel ?? 'unknown'}_q${1 + int(4)}` +
      (sockets.length > 0 ? `_s${sockets.length}` : '') +
      tertiaryStats.map((t) => `_${t.toLowerCase()}`).join('');
    const buy = REALMS[int(REALMS.length)]!;
    const sell = REALMS[int(REALMS.length)]!;
    // Copper inside, gold on the rows, as the engine does (money.ts).
    const buyCopper = 1 + int(5e9);
    const sellCopper = buyCopper + int(5e9);
    const avgCopper = i % 11 === 0 ? 0 : int(8e9);
    const cutCopper = Math.floor((sellCopper * 95 + 50) / 100);
    const buyBuyout = buyCopper / 1e4;
    const sellBuyout = sellCopper / 1e4;
    const avgSale = avgCopper / 1e4;
    const sellAHCut = cutCopper / 1e4;
    const sellVsBuy = (cutCopper - buyCopper) / 1e4;
    const saleAvgVsBuy = (Math.floor((avgCopper * 95 + 50) / 100) - buyCopper) / 1e4;
    const sales = int(3) === 0 ? 0 : 1 + int(40);
    const flags = DEAL_FLAGS.filter(() => random() < 0.3) as DealFlag[];
    rows.push(
      makeTradeItem({
        uniqueTradeKey: `${uniqueItemKey}_${buy.id}-${sell.id}`,
        uniqueItemKey,
        id,
        realPetId: pet ? Number(String(id).slice(4)) : null,
        npcId: pet ? 60_000 + int(1000) : null,
        name: NAMES[int(NAMES.length)]!,
        class: pet ? 'Battle Pets' : ['Weapon', 'Armor', 'Recipe'][int(3)]!,
        subclass: pet ? 'Beast' : ['Sword', 'Plate', 'Tailoring'][int(3)]!,
        bonus: Array.from({ length: int(4) }, () => 1000 + int(9000)),
        mediaURL: `https://render.example/icons/56/icon_${int(30)}.jpg`,
        quality: ['common', 'uncommon', 'rare', 'epic'][int(4)]!,
        itemLevel,
        patchNumber: 1 + int(11),
        crafted: int(6) === 0,
        sockets,
        tertiaryStats,
        craftedStats,
        saleRate: int(5000) / 10_000,
        avgSale,
        marketValue: copper(9e9),
        historical: copper(9e9),
        buyBuyout,
        sellBuyout,
        sellAHCut,
        sellVsBuy,
        saleAvgVsBuy,
        buyingConnectedRealmId: buy.id,
        buyingConnectedRealmName: buy.name,
        buyingConnectedRealmPopulation: buy.population,
        sellingConnectedRealmId: sell.id,
        sellingConnectedRealmName: sell.name,
        sellingConnectedRealmPopulation: sell.population,
        // The expected profit, in whole copper (expected-profit.ts rounds it so), often below 0.
        realisticProfit: (Math.round(Math.min(sellVsBuy, saleAvgVsBuy) * 1e4) - int(2e9)) / 1e4,
        saleChance: int(101) / 100,
        confidence: (['high', 'medium', 'low'] as const)[int(3)]!,
        flags,
        evidence: makeTradeEvidence({
          salesSeen14d: sales,
          medianSale14d: sales > 0 ? copper(6e9) : null,
          sellListingsNearPrice: int(30),
          sellQuantityNearPrice: int(500),
          realmsOffering: 1 + int(84),
          buyQuantity: int(200),
          sellListingAgeSnapshots: int(400),
          buyListingAgeSnapshots: int(400),
          buyRealmUpdatedAt: 1_795_000_000 + buy.id,
          sellRealmUpdatedAt: 1_795_000_000 + sell.id,
          hoursObserved: int(337),
          sellLowQuartile14d: int(4) === 0 ? null : copper(6e9),
          regionMedianLowest: copper(6e9),
        }),
      }),
    );
    // A second row of the same variant on other realms (as in a dropship answer) now and then.
    if (i % 4 === 1) {
      const other = REALMS[(REALMS.indexOf(buy) + 1) % REALMS.length]!;
      rows.push({
        ...rows[rows.length - 1]!,
        uniqueTradeKey: `${uniqueItemKey}_${other.id}-${sell.id}`,
        buyingConnectedRealmId: other.id,
        buyingConnectedRealmName: other.name,
        buyingConnectedRealmPopulation: other.population,
        evidence: { ...rows[rows.length - 1]!.evidence, buyRealmUpdatedAt: 1_795_000_000 + other.id },
      });
    }
  }
  return rows;
}

const roundTrip = (items: readonly TradeItem[]) =>
  tradeItemsOf(decodeMarketAnswer(encodeFlippingAnswer(items, 7)).rows);

describe('compact market answers: round trip', () => {
  it('decode to exactly the SPEC JSON rows (same fields, values and order) on engine-like rows', () => {
    for (const seed of [1, 2, 3]) {
      const items = engineLikeRows(400, seed);
      const back = roundTrip(items);
      expect(back).toEqual(items);
      expect(JSON.stringify(back)).toBe(JSON.stringify(items));
    }
  });

  it('keep what the predictions do not cover: odd trade and item keys, gold that is not whole copper', () => {
    const items = [
      makeTradeItem({ uniqueTradeKey: 'hand-made key', uniqueItemKey: 'not-a-stem', sellAHCut: 1.23456789 }),
      makeTradeItem({
        id: 'pet2',
        realPetId: 2,
        npcId: 7,
        buyBuyout: 0.00001,
        avgSale: Math.PI,
        sellVsBuy: -5,
      }),
      makeTradeItem({
        saleAvgVsBuy: 1e-7,
        realisticProfit: -0,
        marketValue: 2 ** 40 + 0.5,
        historical: 9e15,
      }),
      makeTradeItem({ sellBuyout: 2 ** 52 / 1e4, flags: ['bait', 'stale', 'bait'] as DealFlag[] }),
    ];
    const back = roundTrip(items);
    expect(JSON.stringify(back)).toBe(JSON.stringify(items));
    expect(back[0]!.uniqueTradeKey).toBe('hand-made key');
    expect(back[1]!.avgSale).toBe(Math.PI);
    expect(back[3]!.flags).toEqual(['bait', 'stale', 'bait']);
  });

  it('round-trip an empty answer and dropship groups (mainItem is the first variant)', () => {
    expect(roundTrip([])).toEqual([]);
    const groups = groupDropship(engineLikeRows(300, 9));
    const answer = decodeMarketAnswer(encodeDropshipAnswer(groups, 42));
    expect(answer.lastModified).toBe(42);
    expect(answer.groups?.count).toBe(groups.length);
    expect(JSON.stringify(dropshipGroupsOf(answer.rows, answer.groups!))).toBe(JSON.stringify(groups));
  });

  it('refuse a dropship group whose mainItem is not its first variant (it has no place in the columns)', () => {
    const [group] = groupDropship([makeTradeItem({ sellVsBuy: 5 }), makeTradeItem({ sellVsBuy: 9 })]);
    const odd = { ...group!, mainItem: group!.variants[1]! };
    expect(() => encodeDropshipAnswer([odd], 0)).toThrow(/mainItem/);
  });

  it('give rows back one at a time, and their keys without building the row', () => {
    const items = engineLikeRows(50, 4);
    const columns = tradeColumnsOf(items);
    expect(columns.length).toBe(items.length);
    for (const i of [0, 17, items.length - 1]) {
      expect(tradeItemAt(columns, i)).toEqual(items[i]);
      expect(tradeKeyAt(columns, i)).toBe(items[i]!.uniqueTradeKey);
      expect(itemKeyAt(columns, i)).toBe(items[i]!.uniqueItemKey);
    }
    // A row's lists are its own: changing one does not change another row or the columns.
    const row = tradeItemAt(columns, 0);
    row.bonus.push(1);
    expect(tradeItemAt(columns, 0).bonus).toEqual(items[0]!.bonus);
  });
});

describe('compact market answers: writers', () => {
  /** Writes `items` as rows of `writer`, each row its own variant (or the pool's variant `poolIndex(k)`) and realms. */
  const write = (
    writer: TradeColumnsWriter,
    items: readonly TradeItem[],
    poolIndex?: (k: number) => number,
  ) => {
    for (const [k, item] of items.entries()) {
      const e = item.evidence;
      writer.row({
        ...item,
        variant: poolIndex ? writer.useVariant(poolIndex(k)) : writer.variant(item),
        buyRealm: writer.realm(
          item.buyingConnectedRealmId,
          item.buyingConnectedRealmName,
          item.buyingConnectedRealmPopulation,
          e.buyRealmUpdatedAt,
        ),
        sellRealm: writer.realm(
          item.sellingConnectedRealmId,
          item.sellingConnectedRealmName,
          item.sellingConnectedRealmPopulation,
          e.sellRealmUpdatedAt,
        ),
        tradeKey: item.uniqueTradeKey,
      });
    }
  };

  it('write answers side by side and one after another (their working buffers are reused)', () => {
    const a = engineLikeRows(300, 11);
    const b = engineLikeRows(200, 12);
    for (let round = 0; round < 3; round++) {
      const first = new TradeColumnsWriter(new VariantPool(), 10);
      const second = new TradeColumnsWriter(new VariantPool(), 500);
      write(first, a.slice(0, 100));
      write(second, b);
      write(first, a.slice(100));
      const bytesB = second.bytes(2);
      const bytesA = first.bytes(1);
      expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(bytesA).rows))).toBe(JSON.stringify(a));
      expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(bytesB).rows))).toBe(JSON.stringify(b));
    }
  });

  it('on a shared pool, send the whole dictionaries for an answer with most of its variants, else only what is used', () => {
    // A name of its own each, so a dictionary tells which variants it was written for.
    const items = engineLikeRows(100, 15)
      .slice(0, 100)
      .map((item, k) => ({ ...item, name: `Item ${k}` }));
    const pool = new VariantPool();
    const first = new TradeColumnsWriter(pool);
    write(first, items);
    first.bytes(1);
    /** An answer of the first `n` rows, whose variants are the pool's first `n`. */
    const answer = (n: number) => {
      const writer = new TradeColumnsWriter(pool);
      write(writer, items.slice(0, n), (k) => k);
      const bytes = writer.bytes(2);
      expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(bytes).rows))).toBe(
        JSON.stringify(items.slice(0, n)),
      );
      return readContainer<AnswerHeader>(bytes).header.dicts.name;
    };
    // 80 of 100: every name of the pool, the 20 unused ones' too; 10 of 100: its own names only.
    expect(answer(80)).toHaveLength(100);
    expect(answer(10)).toEqual(items.slice(0, 10).map((i) => i.name));
  });

  it('send the three predicted figures as given, as copper off their predictions (the engine hands them in)', () => {
    // Rows whose cut and profits are what the rules give; the expected profit and sale chance are sent.
    const items = engineLikeRows(300, 16);
    const writer = new TradeColumnsWriter(new VariantPool(), items.length);
    write(writer, items);
    const bytes = writer.bytes(1);
    expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(bytes).rows))).toBe(JSON.stringify(items));
    const { header } = readContainer<AnswerHeader>(bytes);
    for (const field of ['sellAHCut', 'sellVsBuy', 'saleAvgVsBuy']) {
      expect(header.gold[`r.${field}`]).toBe('residual');
    }
    expect(header.gold['r.realisticProfit']).toBe('copper');
    expect(items.filter((i) => i.realisticProfit !== i.sellVsBuy).length).toBeGreaterThan(50);
  });

  it('give back figures that follow no rule exactly as they were handed in: the writer works none out', () => {
    const items = engineLikeRows(50, 17).map((item) => ({
      ...item,
      sellAHCut: 1,
      sellVsBuy: 2,
      saleAvgVsBuy: 3,
    }));
    const writer = new TradeColumnsWriter(new VariantPool(), items.length);
    write(writer, items);
    expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(writer.bytes(1)).rows))).toBe(
      JSON.stringify(items),
    );
  });

  it('refuse rows and a second answer once the answer is written', () => {
    const writer = new TradeColumnsWriter();
    write(writer, engineLikeRows(3, 13));
    writer.bytes(1);
    expect(() => writer.bytes(1)).toThrow(/once/);
    expect(() => write(writer, engineLikeRows(1, 14))).toThrow(/after the answer/);
  });
});

describe('compact market answers: the encoding', () => {
  const items = engineLikeRows(2000, 5);
  const bytes = encodeFlippingAnswer(items, 1_795_000_000);
  const header = readContainer<AnswerHeader>(bytes).header;

  it('is a GRC1 buffer, far smaller than the JSON, with each variant and realm once', () => {
    expect(isContainer(bytes)).toBe(true);
    expect(isContainer(new TextEncoder().encode(JSON.stringify({ data: { items } })))).toBe(false);
    expect(header.format).toBe(TRADE_COLUMNS_FORMAT);
    expect(bytes.length).toBeLessThan(JSON.stringify(items).length / 4);
    expect(header.realms.id).toHaveLength(REALMS.length);
    // Rows share a variant when every variant field agrees (the random names make some keys differ).
    const variantOf = (i: TradeItem) => JSON.stringify(VARIANT_FIELDS.map((field) => i[field]));
    expect(header.variants).toBe(new Set(items.map(variantOf)).size);
    expect(header.variants).toBeLessThan(items.length);
    expect(header.tradeKeys).toEqual([]);
  });

  it('sends the engine figures as copper off their predictions, which is 0', () => {
    for (const field of ['sellAHCut', 'sellVsBuy', 'saleAvgVsBuy']) {
      expect(header.gold[`r.${field}`]).toBe('residual');
      expect(header.columns.find((c) => c.name === `r.${field}`)?.type).toBe('u8');
    }
    expect(header.gold['r.buyBuyout']).toBe('copper');
    // Some prices are over 2^32 copper: a high part is sent, not a float.
    expect(header.columns.find((c) => c.name === 'r.sellBuyout')).toMatchObject({ type: 'u32', high: true });
  });

  it('fails loudly when a column is missing, of another length, or a code is out of range', () => {
    const tamper = (edit: (h: AnswerHeader) => void) => {
      const { header: h } = readContainer<AnswerHeader>(bytes);
      edit(h);
      const json = new TextEncoder().encode(JSON.stringify(h));
      // Same body, new header: the blocks stay where the (edited) column list says.
      const oldLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
      const body = bytes.subarray((8 + oldLength + 7) & ~7);
      const out = new Uint8Array(((8 + json.length + 7) & ~7) + body.length);
      out.set(bytes.subarray(0, 4));
      new DataView(out.buffer).setUint32(4, json.length, true);
      out.set(json, 8);
      out.set(body, (8 + json.length + 7) & ~7);
      return () => decodeMarketAnswer(out);
    };
    expect(tamper(() => {})()).toBeTruthy();
    expect(
      tamper((h) =>
        h.columns.splice(
          h.columns.findIndex((c) => c.name === 'r.hoursObserved'),
          1,
        ),
      ),
    ).toThrow(ContainerError);
    expect(tamper((h) => (h.rows -= 1))).toThrow(ContainerError);
    expect(tamper((h) => h.dicts.name.splice(0))).toThrow(/v.name/);
    expect(() => decodeMarketAnswer(new Uint8Array(3))).toThrow(ContainerError);
  });

  it('puts every value in its own row: swapping two rows swaps them in the decoded columns', () => {
    const swapped = [items[1]!, items[0]!, ...items.slice(2)];
    const columns = decodeMarketAnswer(encodeFlippingAnswer(swapped, 0)).rows;
    expect(tradeItemAt(columns, 0)).toEqual(items[1]);
    expect(tradeItemAt(columns, 1)).toEqual(items[0]);
    expect(columns.sellBuyout[0]).toBe(items[1]!.sellBuyout);
    expect(columns.hoursObserved[1]).toBe(items[0]!.evidence.hoursObserved);
  });
});
