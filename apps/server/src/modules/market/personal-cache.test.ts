import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswer, createPersonalCache } from './personal-cache';

const json = (n: number) =>
  Buffer.from(JSON.stringify({ data: { items: Array.from({ length: n }, (_, i) => i) } }));
const answer = (n: number) => compressAnswer(json(n));

describe('personal cache', () => {
  it('keeps the answer gzipped, unzips it on demand and tags equal answers alike', async () => {
    const cache = createPersonalCache();
    const a = cache.put('us', 'u1', 'undercut', await answer(100));
    expect(gunzipSync(a.gzip).equals(json(100))).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of a.body()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(json(100))).toBe(true);
    expect(cache.get('us', 'u1', 'undercut')).toBe(a);
    expect(cache.put('us', 'u2', 'undercut', await answer(100)).etag).toBe(a.etag);
    expect(cache.put('us', 'u3', 'undercut', await answer(101)).etag).not.toBe(a.etag);
  });

  it('drops by region and by user, and counts per region', async () => {
    const cache = createPersonalCache();
    cache.put('us', 'u1', 'undercut', await answer(1));
    cache.put('us', 'u1', 'dropship', await answer(2));
    cache.put('eu', 'u1', 'undercut', await answer(3));
    cache.put('us', 'u2', 'undercut', await answer(4));
    expect([cache.count('us'), cache.count('eu')]).toEqual([3, 1]);
    cache.dropRegion('us');
    expect([cache.count('us'), cache.count('eu')]).toEqual([0, 1]);
    cache.put('us', 'u2', 'undercut', await answer(4));
    cache.dropUser('u1');
    expect([cache.count('us'), cache.count('eu')]).toEqual([1, 0]);
    expect(cache.get('us', 'u2', 'undercut')).toBeDefined();
  });

  it('evicts the least recently used answers beyond its byte budget', async () => {
    const big = await answer(2000);
    const probe = big.gzip.length;
    const cache = createPersonalCache(probe * 2 + 10);
    cache.put('us', 'old', 'undercut', big);
    cache.put('us', 'used', 'undercut', big);
    cache.get('us', 'old', 'undercut');
    cache.put('us', 'new', 'undercut', big);
    expect(cache.get('us', 'used', 'undercut')).toBeUndefined();
    expect(cache.get('us', 'old', 'undercut')).toBeDefined();
    expect(cache.get('us', 'new', 'undercut')).toBeDefined();
    expect(cache.bytes()).toBeLessThanOrEqual(probe * 2 + 10);
  });
});
