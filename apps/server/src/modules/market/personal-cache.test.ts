import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPersonalCache } from './personal-cache';

const answer = (n: number) =>
  Buffer.from(JSON.stringify({ data: { items: Array.from({ length: n }, (_, i) => i) } }));

describe('personal cache', () => {
  it('keeps the answer gzipped, unzips it on demand and tags equal answers alike', () => {
    const cache = createPersonalCache();
    const a = cache.put('us', 'u1', 'undercut', answer(100));
    expect(gunzipSync(a.gzip).equals(answer(100))).toBe(true);
    expect(a.json().equals(answer(100))).toBe(true);
    expect(cache.put('us', 'u2', 'undercut', answer(100)).etag).toBe(a.etag);
    expect(cache.put('us', 'u3', 'undercut', answer(101)).etag).not.toBe(a.etag);
  });

  it('drops by region and by user, and counts per region', () => {
    const cache = createPersonalCache();
    cache.put('us', 'u1', 'undercut', answer(1));
    cache.put('us', 'u1', 'dropship', answer(2));
    cache.put('eu', 'u1', 'undercut', answer(3));
    cache.put('us', 'u2', 'undercut', answer(4));
    expect([cache.count('us'), cache.count('eu')]).toEqual([3, 1]);
    cache.dropRegion('us');
    expect([cache.count('us'), cache.count('eu')]).toEqual([0, 1]);
    cache.put('us', 'u2', 'undercut', answer(4));
    cache.dropUser('u1');
    expect([cache.count('us'), cache.count('eu')]).toEqual([1, 0]);
    expect(cache.get('us', 'u2', 'undercut')).toBeDefined();
  });

  it('evicts the least recently used answers beyond its byte budget', () => {
    const probe = createPersonalCache().put('us', 'x', 'y', answer(2000)).gzip.length;
    const cache = createPersonalCache(probe * 2 + 10);
    cache.put('us', 'old', 'undercut', answer(2000));
    cache.put('us', 'used', 'undercut', answer(2000));
    cache.get('us', 'old', 'undercut');
    cache.put('us', 'new', 'undercut', answer(2000));
    expect(cache.get('us', 'used', 'undercut')).toBeUndefined();
    expect(cache.get('us', 'old', 'undercut')).toBeDefined();
    expect(cache.get('us', 'new', 'undercut')).toBeDefined();
    expect(cache.bytes()).toBeLessThanOrEqual(probe * 2 + 10);
  });
});
