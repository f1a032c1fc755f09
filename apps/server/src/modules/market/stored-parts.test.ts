import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { joinGrouped, joinParts, nextVersion, PART_BYTES, splitParts, type StoredPart } from './stored-parts';

describe('values stored in parts', () => {
  it('splits a value into parts of at most PART_BYTES and joins them back byte for byte', () => {
    const value = randomBytes(2 * PART_BYTES + 1000);
    const parts = splitParts(value, 7);
    expect(parts.map((p) => [p.part, p.parts, p.version, p.bytes.byteLength])).toEqual([
      [0, 3, 7, PART_BYTES],
      [1, 3, 7, PART_BYTES],
      [2, 3, 7, 1000],
    ]);
    expect(Buffer.from(joinParts([...parts].reverse()) ?? []).equals(value)).toBe(true);
    expect(splitParts(new Uint8Array(0), 1)).toHaveLength(1);
    expect(joinParts(splitParts(new Uint8Array(0), 1))).toEqual(new Uint8Array(0));
  });

  it('reads a write cut short, its first parts over the older ones, as no value, never as a mix', () => {
    const older = splitParts(randomBytes(PART_BYTES + 10), 1);
    const newer = splitParts(randomBytes(3 * PART_BYTES), 2);
    const [o0, o1] = older as [StoredPart, StoredPart];
    const [n0, n1, n2] = newer as [StoredPart, StoredPart, StoredPart];
    // A part's key is its number: each part written replaces the older write's part of that number.
    expect(joinParts([o0, o1])?.byteLength).toBe(PART_BYTES + 10);
    expect(joinParts([n0, o1])).toBeNull();
    expect(joinParts([n0, n1])).toBeNull();
    expect(joinParts([n0, n1, n2])?.byteLength).toBe(3 * PART_BYTES);
  });

  it('ignores parts an older, longer write left past the newer count', () => {
    const longer = splitParts(randomBytes(3 * PART_BYTES), 1);
    const shorter = splitParts(randomBytes(10), 2);
    expect(joinParts([...shorter, ...longer.slice(1)])).toEqual(shorter[0]?.bytes);
  });

  it('groups stored parts by key and leaves out keys that are not whole', () => {
    const a = splitParts(randomBytes(PART_BYTES + 1), 1).map((p) => ({ ...p, key: 'a' }));
    const b = splitParts(randomBytes(PART_BYTES + 1), 1).map((p) => ({ ...p, key: 'b' }));
    const joined = joinGrouped([...a, ...b.slice(1)], (k) => k);
    expect(joined.map((j) => [j.key, j.bytes.byteLength])).toEqual([['a', PART_BYTES + 1]]);
  });

  it('gives every write a later version', () => {
    const first = nextVersion();
    expect(nextVersion()).toBeGreaterThan(first);
    expect(Number.isSafeInteger(nextVersion())).toBe(true);
  });
});
