// The load benchmark's pure helpers: round-robin, client addresses, what counts as an error, tallies.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Recorder, RoundRobin, addressOf, decoded, isError, seededRandom } from './load-client';

describe('RoundRobin', () => {
  it('sends each request to the next process in turn', () => {
    const rr = new RoundRobin([1, 2]);
    expect([rr.next(), rr.next(), rr.next(), rr.next()]).toEqual([1, 2, 1, 2]);
  });
  it('needs a port', () => {
    expect(() => new RoundRobin([])).toThrow();
  });
});

describe('addressOf', () => {
  it('gives every user of a large run its own valid IPv4 address', () => {
    const all = Array.from({ length: 70_000 }, (_, i) => addressOf(i));
    expect(new Set(all).size).toBe(all.length);
    for (const a of [all[0], all[255], all[69_999]]) {
      const parts = (a ?? '').split('.').map(Number);
      expect(parts).toHaveLength(4);
      expect(parts.every((p) => p >= 0 && p <= 255)).toBe(true);
    }
    expect(addressOf(0)).toBe('10.64.0.1');
  });
});

describe('isError', () => {
  it('accepts 2xx and 304 only', () => {
    expect([200, 201, 204, 304].map(isError)).toEqual([false, false, false, false]);
    expect([0, 301, 400, 401, 403, 429, 500, 503].map(isError)).toEqual(Array(8).fill(true));
  });
});

describe('decoded', () => {
  it('reads gzip bodies and leaves plain ones', () => {
    const body = gzipSync(Buffer.from('{"a":1}'));
    expect(decoded({ status: 200, headers: { 'content-encoding': 'gzip' }, body }).toString()).toBe(
      '{"a":1}',
    );
    expect(decoded({ status: 200, headers: {}, body: Buffer.from('x') }).toString()).toBe('x');
  });
});

describe('Recorder', () => {
  it('counts requests, 304s and bytes, and groups errors by call, status and body', () => {
    const r = new Recorder([{ name: 'token', route: 'GET /t' }]);
    expect(r.record('token', 5, 200, 100, () => '', 0, 1)).toBe(false);
    expect(r.record('token', 1, 304, 0, () => '', 0, 1)).toBe(false);
    expect(r.record('token', 9, 503, 20, () => '{"error":"busy"}', 3, 2)).toBe(true);
    expect(r.record('token', 7, 503, 20, () => '{"error":"busy"}', 4, 1)).toBe(true);
    const [s] = r.summaries();
    expect(s).toMatchObject({ requests: 4, notModified: 1, errors: 2, bytes: 140, p50: 5, p99: 9 });
    expect(r.totalErrors()).toBe(2);
    expect(r.errors()).toEqual([
      { call: 'token', route: 'GET /t', status: 503, body: '{"error":"busy"}', count: 2, user: 3, port: 2 },
    ]);
  });
  it('refuses a call it does not know', () => {
    expect(() => new Recorder([]).tally('x')).toThrow();
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
