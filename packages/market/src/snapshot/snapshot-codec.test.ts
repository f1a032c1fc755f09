import { crc32 } from 'node:zlib';
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { dropshipSearch, flippingSearch, realmStats } from '../deals';
import { flippingJsonBytes } from '../serialize';
import { SnapshotBuilder, type MarketSnapshot } from './';
import { decodeSnapshot, decodeSnapshotStepwise, encodeSnapshot, SnapshotCodecError } from './snapshot-codec';

const economy = createEconomy({ seed: 5, size: 'tiny' });
const region = 'eu';
const data = economy.staticData(region);
const builder = new SnapshotBuilder({ region, ...data, bonusData: economy.bonusData });
for (const r of economy.connectedRealms(region))
  builder.ingest(r.id, economy.auctionsJson(region, r.id, 2), 1e12);
builder.setTsm(economy.tsmRegion(region, 2));
const original = builder.build();
const encoded = encodeSnapshot(original);

const ids = data.realms.map((r) => r.id);
const selections = [
  { buyingRealms: ids, sellingRealms: ids },
  { buyingRealms: ids.slice(0, 2), sellingRealms: ids.slice(2) },
];

function expectSameAnswers(copy: MarketSnapshot): void {
  // Compared as JSON text: vitest's deep equality is slow on thousands of rows.
  const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  for (const s of selections) {
    same(flippingSearch(copy, s), flippingSearch(original, s));
    same(dropshipSearch(copy, s), dropshipSearch(original, s));
    expect(Buffer.from(flippingJsonBytes(copy, s)).equals(flippingJsonBytes(original, s))).toBe(true);
  }
  expect(realmStats(copy)).toEqual(realmStats(original));
  expect(realmStats(copy, ids.slice(1, 3))).toEqual(realmStats(original, ids.slice(1, 3)));
}

describe('snapshot codec', () => {
  it('round-trips a simulator snapshot: same fields, same search answers', () => {
    expect(original.variantCount).toBeGreaterThan(100);
    expect(original.variants.some((v) => v.realPetId !== null)).toBe(true);
    const copy = decodeSnapshot(encoded);
    expect(flippingSearch(original, selections[0] as (typeof selections)[0]).length).toBeGreaterThan(10);
    expectSameAnswers(copy);
    expect(copy).toMatchObject({
      region,
      lastModified: 1e12,
      realmCount: original.realmCount,
      variantCount: original.variantCount,
      groupCount: original.groupCount,
      realms: original.realms,
      variants: original.variants,
      unknownItemIds: original.unknownItemIds,
      offsets: original.offsets,
      entryPrice: original.entryPrice,
    });
    const key = original.variants[7]?.uniqueItemKey ?? '';
    expect(copy.variantIndexOf(key)).toBe(7);
    expect(copy.realmIndexOf(ids[3] as number)).toBe(original.realmIndexOf(ids[3] as number));
    expect(Object.isFrozen(copy.variants[0])).toBe(true);
  });

  it('decodes a buffer that does not start on an 8-byte boundary (a slice of a larger chunk)', () => {
    const chunk = Buffer.alloc(encoded.length + 3);
    encoded.copy(chunk, 3);
    expectSameAnswers(decodeSnapshot(chunk.subarray(3)));
  });

  it('refuses truncated, damaged and foreign buffers with a clear error', () => {
    const damaged = Buffer.from(encoded);
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = (damaged[middle] as number) ^ 0xff;
    const newer = Buffer.from(encoded);
    newer.writeUInt32LE(99, 4);
    const cases: [Uint8Array, RegExp][] = [
      [encoded.subarray(0, encoded.length - 100), /truncated/],
      [encoded.subarray(0, 10), /only 10 bytes/],
      [damaged, /checksum mismatch/],
      [newer, /format version 99/],
      [Buffer.from('{"region":"eu","variants":[]} and some more text'), /no GRSN signature/],
    ];
    for (const [buf, message] of cases) {
      expect(() => decodeSnapshot(buf)).toThrow(SnapshotCodecError);
      expect(() => decodeSnapshot(buf)).toThrow(message);
    }
  });

  it('decodes stepwise to the same snapshot, letting timers run in between, with the same errors', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const copy = await decodeSnapshotStepwise(encoded);
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
    expectSameAnswers(copy);
    expect(Buffer.compare(encodeSnapshot(copy), encoded)).toBe(0);
    expect(copy.variantIndexOf(original.variants[7]?.uniqueItemKey ?? '')).toBe(7);
    const damaged = Buffer.from(encoded);
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] as number) ^ 0xff;
    await expect(decodeSnapshotStepwise(damaged)).rejects.toThrow(/checksum mismatch/);
    await expect(decodeSnapshotStepwise(encoded.subarray(0, 10))).rejects.toThrow(/only 10 bytes/);
  });

  it('writes the variants of a larger region in chunks, parsed one per turn of the event loop', async () => {
    const small = createEconomy({ seed: 5, size: 'small' });
    const smallData = small.staticData(region);
    const b = new SnapshotBuilder({ region, ...smallData, bonusData: small.bonusData });
    for (const r of small.connectedRealms(region)) b.ingest(r.id, small.auctionsJson(region, r.id, 2), 1e12);
    const snapshot = b.build();
    const bytes = encodeSnapshot(snapshot);
    const header = JSON.parse(bytes.toString('utf8', 24, 24 + bytes.readUInt32LE(20))) as {
      variantChunks: number[];
    };
    expect(header.variantChunks).toHaveLength(Math.ceil(snapshot.variantCount / 1_000));
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const copy = await decodeSnapshotStepwise(bytes);
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(header.variantChunks.length);
    expect(JSON.stringify(copy.variants)).toBe(JSON.stringify(snapshot.variants));
    expect(JSON.stringify(decodeSnapshot(bytes).variants)).toBe(JSON.stringify(snapshot.variants));
    expect(Buffer.compare(encodeSnapshot(copy), bytes)).toBe(0);
    // A chunk that is not JSON (a buffer written wrong, its checksum made to match) is refused by name.
    const broken = Buffer.from(bytes);
    broken[24 + bytes.readUInt32LE(20)] = 0x7b; // '{' where the first chunk's '[' was
    broken.writeUInt32LE(crc32(broken.subarray(24)), 16);
    expect(() => decodeSnapshot(broken)).toThrow(/variant chunk/);
  });
});
