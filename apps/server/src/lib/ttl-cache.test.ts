import { describe, expect, it } from 'vitest';
import { createTestClock } from '../test-support/test-clock';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('answers until the entry is ttl old on the app clock, then forgets it', () => {
    const clock = createTestClock();
    const cache = createTtlCache<string, number>(120_000, clock);
    cache.set('a', 1);
    clock.advanceMinutes(1);
    expect(cache.get('a')).toBe(1);
    clock.advanceMinutes(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops entries on delete and deleteWhere, and the oldest beyond its size', () => {
    const clock = createTestClock();
    const cache = createTtlCache<string, string>(60_000, clock, 2);
    cache.set('s1', 'alice');
    cache.set('s2', 'bob');
    cache.set('s3', 'alice');
    expect(cache.get('s1')).toBeUndefined();
    cache.deleteWhere((user) => user === 'alice');
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s2')).toBe('bob');
    cache.delete('s2');
    expect(cache.get('s2')).toBeUndefined();
  });
});
