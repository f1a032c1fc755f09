import { createEconomy } from '@goldroute/simulator';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RealmListing } from './ingest';
import { IngestError, ingestRealmDump } from './ingest';
import { RawVariantTable } from './raw-variants';
import { rng } from '../test-support/random-market';
import { realDumps } from '../test-support/real-data';

type Sig = { min: number; qty: number };

/** The listing as "signature -> figures", in listing order. */
function listingEntries(listing: RealmListing, table: RawVariantTable): [string, Sig][] {
  const out: [string, Sig][] = [];
  for (let j = 0; j < listing.size; j++) {
    const raw = listing.rawIds[j] as number;
    const sig =
      table.petSpecies(raw) > 0
        ? `${table.itemId(raw)}|pet ${table.petSpecies(raw)} ${table.petLevel(raw)} ${table.petQuality(raw)}`
        : `${table.itemId(raw)}|${table.bonusIds(raw).join(':')}|${table.dropLevel(raw)}|${table.craftedStats(raw).join(':')}`;
    out.push([sig, { min: listing.minUnitPrice[j] as number, qty: listing.quantity[j] as number }]);
  }
  return out;
}

interface AnyAuction {
  item?: Record<string, unknown>;
  buyout?: number;
  unit_price?: number;
  quantity?: number;
}

/** The same reduction with JSON.parse and plain objects. */
function referenceEntries(json: string): { entries: [string, Sig][]; auctions: number; priced: number } {
  const doc = JSON.parse(json) as { auctions: AnyAuction[] };
  const map = new Map<string, Sig>();
  let priced = 0;
  for (const a of doc.auctions) {
    const item = a.item ?? {};
    const id = item.id;
    if (typeof id !== 'number') continue;
    const q = a.quantity ?? 1;
    let price: number;
    if (typeof a.buyout === 'number') price = Math.max(1, Math.round(a.buyout / q));
    else if (typeof a.unit_price === 'number') price = Math.max(1, Math.round(a.unit_price));
    else continue;
    priced++;
    let sig: string;
    if (typeof item.pet_species_id === 'number' && item.pet_species_id > 0) {
      sig = `${id}|pet ${item.pet_species_id} ${item.pet_level ?? 1} ${item.pet_quality_id ?? 1}`;
    } else {
      const bonus = ((item.bonus_lists as number[] | undefined) ?? []).slice().sort((x, y) => x - y);
      const modifiers = (item.modifiers as { type: number; value: number }[] | undefined) ?? [];
      const valueOf = (type: number) => modifiers.findLast((m) => m.type === type)?.value ?? -1;
      sig = `${id}|${bonus.join(':')}|${valueOf(9)}|${valueOf(29)}:${valueOf(30)}`;
    }
    const cur = map.get(sig);
    if (!cur) map.set(sig, { min: price, qty: q });
    else {
      cur.min = Math.min(cur.min, price);
      cur.qty += q;
    }
  }
  return { entries: [...map.entries()], auctions: doc.auctions.length, priced };
}

function shuffleKeys(value: unknown, r: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, r));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, shuffleKeys(v, r)] as const);
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [entries[i], entries[j]] = [
        entries[j] as (typeof entries)[number],
        entries[i] as (typeof entries)[number],
      ];
    }
    return Object.fromEntries(entries);
  }
  return value;
}

const economy = createEconomy({ seed: 11, size: 'tiny' });
const dumps = (['us', 'eu'] as const).flatMap((region) =>
  economy
    .connectedRealms(region)
    .flatMap((realm) =>
      [0, 5].map((hour) => ({ id: realm.id, json: economy.auctionsJson(region, realm.id, hour) })),
    ),
);

/** Real dumps (fixtures/blizzard-real), as Blizzard wrote them: crafted stats, 11.x modifiers, pets, bids. */
const realJson = [...realDumps().values()].map((d, i) => ({
  id: d.source.connectedRealmId ?? 9000 + i,
  json: JSON.stringify(d),
}));

describe('ingestRealmDump', () => {
  it('matches JSON.parse + object walk on every real dump, in compact form and pretty-printed', () => {
    for (const d of realJson) {
      for (const json of [d.json, JSON.stringify(JSON.parse(d.json), null, 2)]) {
        const table = new RawVariantTable();
        const listing = ingestRealmDump(json, { connectedRealmId: d.id, table });
        const ref = referenceEntries(json);
        expect(listing.auctionCount).toBe(ref.auctions);
        expect(listing.pricedAuctions).toBe(ref.priced);
        expect(listingEntries(listing, table)).toEqual(ref.entries);
      }
    }
    // Crafted pieces of one item with other chosen stats are other raw variants.
    const table = new RawVariantTable();
    const shadowlands = realJson.find((d) => d.id === 1390)!;
    const l = ingestRealmDump(shadowlands.json, { connectedRealmId: 1390, table });
    const crafted = Array.from(l.rawIds.subarray(0, l.size), (raw) => table.craftedStats(raw).join(':'));
    expect(crafted).toContain('36:40');
    expect(crafted).toContain('32:49');
  });

  it('matches JSON.parse + object walk on every simulator dump (both regions, two hours)', () => {
    const table = new RawVariantTable();
    for (const d of dumps) {
      const listing = ingestRealmDump(d.json, { connectedRealmId: d.id, table });
      const ref = referenceEntries(d.json);
      expect(listing.connectedRealmId).toBe(d.id);
      expect(listing.auctionCount).toBe(ref.auctions);
      expect(listing.pricedAuctions).toBe(ref.priced);
      expect(listingEntries(listing, table)).toEqual(ref.entries);
    }
  });

  it('reads bytes and strings alike, and the same raw variant gets the same id across realms', () => {
    const table = new RawVariantTable();
    const d = dumps[0] as { id: number; json: string };
    const a = ingestRealmDump(d.json, { connectedRealmId: d.id, table });
    const b = ingestRealmDump(new TextEncoder().encode(d.json), { connectedRealmId: d.id, table });
    expect(b).toEqual(a);
    expect(table.count).toBe(a.size);
  });

  it('inflates a gzip body as Blizzard sends it, and names a cut one as malformed', () => {
    const d = dumps[0] as { id: number; json: string };
    const plain = ingestRealmDump(d.json, { connectedRealmId: d.id, table: new RawVariantTable() });
    const gz = gzipSync(d.json);
    expect(ingestRealmDump(gz, { connectedRealmId: d.id, table: new RawVariantTable() })).toEqual(plain);
    expect(() =>
      ingestRealmDump(gz.subarray(0, gz.length / 2), {
        connectedRealmId: d.id,
        table: new RawVariantTable(),
      }),
    ).toThrow(/^Malformed gzip .* at byte 0$/);
  });

  it('does not depend on key order or whitespace (general path)', () => {
    const r = rng(5);
    for (const d of dumps.slice(0, 4)) {
      const shuffled = JSON.stringify(shuffleKeys(JSON.parse(d.json), r), null, r() < 0.5 ? 2 : '\t');
      const t1 = new RawVariantTable();
      const t2 = new RawVariantTable();
      const plain = listingEntries(ingestRealmDump(d.json, { connectedRealmId: 1, table: t1 }), t1);
      const other = listingEntries(ingestRealmDump(shuffled, { connectedRealmId: 1, table: t2 }), t2);
      expect(new Map(other)).toEqual(new Map(plain));
    }
  });

  it('handles commodities, bid-only auctions, stacks, missing fields and odd values', () => {
    const json = JSON.stringify({
      auctions: [
        { id: 1, item: { id: 10 }, bid: 500, quantity: 1, time_left: 'LONG' }, // bid only: not priced
        { id: 2, item: { id: 10 }, buyout: 1000, quantity: 4 }, // 250 each
        { id: 3, item: { id: 10 }, buyout: 999, quantity: 2 }, // 499.5 -> 500
        { id: 4, item: { id: 11 }, unit_price: 77, quantity: 200 }, // commodity style
        {
          id: 5,
          item: { id: 12, bonus_lists: [5, 'x', 3], modifiers: [{ type: 9 }, { value: 3 }] },
          buyout: 1,
        },
        { id: 6, item: 'broken', buyout: 5, quantity: 1 },
        { id: 7, buyout: 5, quantity: 1 },
        { id: 8, item: { id: 13 }, buyout: 5, quantity: 0 },
        { id: 9, item: { id: 13 }, buyout: 1e3, quantity: 1.0 },
        { id: 10, item: { id: 14, pet_species_id: 7 }, buyout: 10 },
        7,
        null,
      ],
    });
    const table = new RawVariantTable();
    const listing = ingestRealmDump(json, { connectedRealmId: 1, table });
    expect(listing.auctionCount).toBe(12);
    expect(listing.pricedAuctions).toBe(6);
    expect(listingEntries(listing, table)).toEqual([
      ['10||-1|-1:-1', { min: 250, qty: 6 }],
      ['11||-1|-1:-1', { min: 77, qty: 200 }],
      ['12|3:5|-1|-1:-1', { min: 1, qty: 1 }],
      ['13||-1|-1:-1', { min: 1000, qty: 1 }],
      ['14|pet 7 1 1', { min: 10, qty: 1 }],
    ]);
  });

  it('accepts escapes in keys and strings, a byte order mark, and a repeated auctions member', () => {
    const json =
      '\uFEFF{"_links":{"a\\"b":"\\u00e9\\n"},"au\\u0063tions":[{"item":{"id":1},"buyout":9}],"auctions":[{"item":{"\\u0069d":2},"buyout":5}]}';
    const table = new RawVariantTable();
    const listing = ingestRealmDump(new TextEncoder().encode(json), { connectedRealmId: 1, table });
    expect(listingEntries(listing, table)).toEqual([['2||-1|-1:-1', { min: 5, qty: 1 }]]);
    expect(listing.auctionCount).toBe(1);
  });

  it('rejects documents without an auctions array', () => {
    const table = new RawVariantTable();
    for (const bad of ['{}', '{"auctions":null}', '[]', '{"auctions":{}}', '']) {
      expect(() => ingestRealmDump(bad, { connectedRealmId: 1, table })).toThrow(IngestError);
    }
  });

  it('throws on every truncation of a dump', () => {
    const table = new RawVariantTable();
    const d = dumps[1] as { id: number; json: string };
    const bytes = new TextEncoder().encode(d.json);
    const r = rng(9);
    const cuts = [
      0,
      1,
      2,
      bytes.length - 1,
      ...Array.from({ length: 300 }, () => Math.floor(r() * bytes.length)),
    ];
    for (const cut of cuts) {
      expect(
        () => ingestRealmDump(bytes.subarray(0, cut), { connectedRealmId: 1, table }),
        `cut ${cut}`,
      ).toThrow(IngestError);
    }
  });

  it('throws whenever JSON.parse throws on a corrupted dump', () => {
    const table = new RawVariantTable();
    const d = dumps[2] as { id: number; json: string };
    const doc = JSON.parse(d.json) as { auctions: unknown[] };
    const text = JSON.stringify({ ...doc, auctions: doc.auctions.slice(0, 40) });
    const r = rng(21);
    const noise = '{}[]",:0123456789-+.eE \\/tfnulx\u0000\u001f\u00e9';
    let rejected = 0;
    for (let k = 0; k < 600; k++) {
      const chars = [...text];
      const edits = 1 + Math.floor(r() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(r() * chars.length);
        const ch = noise[Math.floor(r() * noise.length)] as string;
        const op = r();
        if (op < 0.4) chars[at] = ch;
        else if (op < 0.7) chars.splice(at, 0, ch);
        else chars.splice(at, 1);
      }
      const mutated = chars.join('');
      let parseFails = false;
      try {
        JSON.parse(mutated);
      } catch {
        parseFails = true;
      }
      if (parseFails) {
        rejected++;
        expect(() => ingestRealmDump(mutated, { connectedRealmId: 1, table }), mutated).toThrow(IngestError);
      }
    }
    expect(rejected).toBeGreaterThan(200);
  });

  it('rejects absurd nesting without overflowing the stack', () => {
    const deep = `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)},"auctions":[]}`;
    expect(() => ingestRealmDump(deep, { connectedRealmId: 1, table: new RawVariantTable() })).toThrow(
      IngestError,
    );
  });
});

describe('ingestRealmDump with auctions: true', () => {
  const TIME_LEFT = ['SHORT', 'MEDIUM', 'LONG', 'VERY_LONG'];

  /** The columns as plain rows, with the raw variant as its item id. */
  function auctionRows(listing: RealmListing, table: RawVariantTable) {
    const a = listing.auctions;
    if (!a) throw new Error('no auctions');
    return Array.from({ length: a.count }, (_, k) => ({
      id: a.id[k],
      item: table.itemId(a.raw[k] as number),
      unitPrice: a.unitPrice[k],
      quantity: a.quantity[k],
      timeLeft: a.timeLeft[k],
    }));
  }

  it('returns no auctions by default', () => {
    const table = new RawVariantTable();
    const d = dumps[0] as { id: number; json: string };
    expect('auctions' in ingestRealmDump(d.json, { connectedRealmId: d.id, table })).toBe(false);
    expect('auctions' in ingestRealmDump(d.json, { connectedRealmId: d.id, table, auctions: false })).toBe(
      false,
    );
  });

  it('reads ids, prices, quantities and time left of item and commodity auctions', () => {
    // Blizzard's compact layout (the fast path) and the same auctions indented (the general path).
    const auctions = [
      // Item style: buyout for the whole stack.
      { id: 2_400_000_001, item: { id: 10 }, buyout: 1000, quantity: 4, time_left: 'SHORT' },
      {
        id: 3,
        item: { id: 10, bonus_lists: [5, 3] },
        bid: 10,
        buyout: 999,
        quantity: 2,
        time_left: 'MEDIUM',
      },
      // Bid only, no item, no quantity: counted, not priced, so not listed here.
      { id: 4, item: { id: 10 }, bid: 500, quantity: 1, time_left: 'LONG' },
      { id: 5, buyout: 5, quantity: 1, time_left: 'LONG' },
      { id: 6, item: { id: 13 }, buyout: 5, quantity: 0, time_left: 'LONG' },
      // Commodity style: unit_price per unit.
      { id: 7, item: { id: 11 }, quantity: 200, unit_price: 77, time_left: 'LONG' },
      { id: 8, item: { id: 11 }, quantity: 5, unit_price: 0, time_left: 'VERY_LONG' },
      // Ids up to 2^53 (16 digits leave the fast path), odd or absent time left, absent id.
      { id: 9_007_199_254_740_991, item: { id: 12 }, buyout: 10, quantity: 1, time_left: 'VERY_LONG' },
      { id: 10, item: { id: 12 }, buyout: 10, quantity: 1, time_left: 'FOREVER' },
      { id: 11, item: { id: 12 }, buyout: 10, quantity: 1 },
      { id: 12, item: { id: 12 }, buyout: 10, quantity: 1, time_left: 7 },
      { item: { id: 12 }, buyout: 10, quantity: 1, time_left: 'SHORT' },
      { id: 14, item: { id: 82800, pet_species_id: 7 }, buyout: 30, quantity: 1, time_left: 'LONG' },
    ];
    const expected = [
      { id: 2_400_000_001, item: 10, unitPrice: 250, quantity: 4, timeLeft: 0 },
      { id: 3, item: 10, unitPrice: 500, quantity: 2, timeLeft: 1 },
      { id: 7, item: 11, unitPrice: 77, quantity: 200, timeLeft: 2 },
      { id: 8, item: 11, unitPrice: 1, quantity: 5, timeLeft: 3 },
      { id: 9_007_199_254_740_991, item: 12, unitPrice: 10, quantity: 1, timeLeft: 3 },
      { id: 10, item: 12, unitPrice: 10, quantity: 1, timeLeft: 3 },
      { id: 11, item: 12, unitPrice: 10, quantity: 1, timeLeft: 3 },
      { id: 12, item: 12, unitPrice: 10, quantity: 1, timeLeft: 3 },
      { id: -1, item: 12, unitPrice: 10, quantity: 1, timeLeft: 0 },
      { id: 14, item: 82800, unitPrice: 30, quantity: 1, timeLeft: 2 },
    ];
    for (const json of [JSON.stringify({ auctions }), JSON.stringify({ auctions }, null, 2)]) {
      const table = new RawVariantTable();
      const listing = ingestRealmDump(json, { connectedRealmId: 1, table, auctions: true });
      expect(listing.auctions?.count).toBe(listing.pricedAuctions);
      expect(auctionRows(listing, table)).toEqual(expected);
      // The raw ids are the listing's: the bonus-less and the bonus variant of item 10 differ.
      const a = listing.auctions as NonNullable<RealmListing['auctions']>;
      expect(new Set(a.raw)).toEqual(new Set(listing.rawIds));
      expect(a.raw[0]).not.toBe(a.raw[1]);
      expect(table.bonusIds(a.raw[1] as number)).toEqual([3, 5]);
    }
  });

  it('reads escaped time left names and forgets a replaced auctions array', () => {
    const json =
      '{"auctions":[{"id":1,"item":{"id":1},"buyout":9,"time_left":"SHORT"}],' +
      '"auctions":[{"id":2,"item":{"id":2},"buyout":5,"time_left":"\\u0053HORT"},' +
      '{"id":3,"item":{"id":2},"buyout":5,"time_left":"LO\\u004eG"}]}';
    const table = new RawVariantTable();
    const listing = ingestRealmDump(json, { connectedRealmId: 1, table, auctions: true });
    expect(auctionRows(listing, table)).toEqual([
      { id: 2, item: 2, unitPrice: 5, quantity: 1, timeLeft: 0 },
      { id: 3, item: 2, unitPrice: 5, quantity: 1, timeLeft: 2 },
    ]);
  });

  it('agrees with JSON.parse and with the listing on every simulator dump', () => {
    const table = new RawVariantTable();
    for (const d of dumps) {
      const plain = ingestRealmDump(d.json, { connectedRealmId: d.id, table });
      const listing = ingestRealmDump(d.json, { connectedRealmId: d.id, table, auctions: true });
      const { auctions, ...rest } = listing;
      expect(rest).toEqual(plain);
      const a = auctions as NonNullable<RealmListing['auctions']>;
      const doc = JSON.parse(d.json) as {
        auctions: (AnyAuction & { id: number; time_left?: string })[];
      };
      const priced = doc.auctions.filter(
        (x) => typeof x.buyout === 'number' || typeof x.unit_price === 'number',
      );
      expect(a.count).toBe(priced.length);
      expect(Array.from(a.id)).toEqual(priced.map((x) => x.id));
      expect(Array.from(a.timeLeft)).toEqual(
        priced.map((x) => TIME_LEFT.indexOf(x.time_left ?? 'VERY_LONG')),
      );
      // Per raw variant, the columns give back the listing's lowest price and total quantity.
      const byRaw = new Map<number, { min: number; qty: number }>();
      for (let k = 0; k < a.count; k++) {
        const raw = a.raw[k] as number;
        const cur = byRaw.get(raw) ?? { min: Infinity, qty: 0 };
        cur.min = Math.min(cur.min, a.unitPrice[k] as number);
        cur.qty += a.quantity[k] as number;
        byRaw.set(raw, cur);
      }
      for (let j = 0; j < listing.size; j++) {
        expect(byRaw.get(listing.rawIds[j] as number)).toEqual({
          min: listing.minUnitPrice[j],
          qty: listing.quantity[j],
        });
      }
    }
  });
});
