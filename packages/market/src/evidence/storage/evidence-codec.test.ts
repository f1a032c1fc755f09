import { describe, expect, it } from 'vitest';
import { TIME_LEFT_LONG } from '../../ingest';
import { DAY_MS } from '../day-bucket';
import { evidenceFromBytes, evidenceToBytes } from '../evidence-bytes';
import { EvidenceCodecError } from './evidence-codec';
import { RealmEvidence } from '../realm-evidence';
import { auctionsOf } from '../test-auctions';

const H = 3_600_000;
const T0 = 20_000 * DAY_MS;
const L = TIME_LEFT_LONG;
const same = (raw: number) => raw;

function sample(): RealmEvidence {
  const e = new RealmEvidence();
  const big = 9_000_000_000_000; // 900 million gold: past 2^32 copper
  e.observe(
    T0,
    auctionsOf([
      [1, 7, 1000, 1, L],
      [2, 7, 3000, 2, L],
      [3, 300, big, 1, L],
    ]),
    same,
  );
  e.observe(T0 + H, auctionsOf([[4, 5, 20, 1, L]]), same);
  e.observe(T0 + DAY_MS, auctionsOf([[5, 7, 2500, 1, L]]), same);
  e.observe(T0 + DAY_MS + H, auctionsOf([]), same);
  return e;
}

describe('evidence codec', () => {
  it('round-trips the daily buckets', () => {
    const e = sample();
    const back = evidenceFromBytes(evidenceToBytes(e));
    for (const v of [5, 7, 300]) {
      expect(back.history(v)).toEqual(e.history(v));
      expect(back.salesSeen(v, T0 + DAY_MS)).toEqual(e.salesSeen(v, T0 + DAY_MS));
    }
    expect(back.salesSeen(7, T0 + DAY_MS)).toMatchObject({ count: 3 });
    expect(back.buckets[0]?.cell(300)).toMatchObject({ sales: 1, units: 1, total: 9e12 });
    expect(back.buckets[0]?.cell(7)).toMatchObject({ units: 3, total: 7000 });
    expect(evidenceToBytes(back)).toEqual(evidenceToBytes(e));
    expect(back.hoursObserved(T0 + DAY_MS)).toBe(4);
  });

  it('keeps the last snapshot time, so a dump seen before a restart does not count again', () => {
    const back = evidenceFromBytes(evidenceToBytes(sample()));
    expect(back.lastHourMs).toBe(T0 + DAY_MS + H);
    expect(back.observe(T0 + DAY_MS + H, auctionsOf([]), same)).toBe(false);
    expect(back.observe(T0 + DAY_MS + 2 * H, auctionsOf([]), same)).toBe(true);
    expect(back.hoursObserved(T0 + DAY_MS)).toBe(5);
  });

  it('refuses another version and truncated bytes', () => {
    const bytes = evidenceToBytes(sample());
    expect(() => evidenceFromBytes(Uint8Array.of(9, 0))).toThrow(EvidenceCodecError);
    expect(() => evidenceFromBytes(bytes.subarray(0, bytes.length - 1))).toThrow(EvidenceCodecError);
  });

  it('lets a restored day take the rest of its snapshots', () => {
    const back = evidenceFromBytes(evidenceToBytes(sample()));
    back.observe(T0 + DAY_MS + 2 * H, auctionsOf([[6, 7, 1500, 1, L]]), same);
    back.observe(T0 + DAY_MS + 3 * H, auctionsOf([]), same);
    expect(back.salesSeen(7, T0 + DAY_MS)).toMatchObject({ count: 4 });
    expect(back.history(7)[13]).toMatchObject({ lowest: 1500, listings: 1, sales: 2 });
  });
});
