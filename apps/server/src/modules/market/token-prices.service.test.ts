// The token answer every tool screen polls: served from memory, dropped when this process records a
// sample, and at most TOKEN_ANSWER_TTL_MS old when another process recorded it.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../test-support/test-clock';
import { openTestDatabase } from '../../test-support/test-database';
import { createTokenPriceService, TOKEN_ANSWER_TTL_MS } from './token-prices.service';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let clock: TestClock;

beforeAll(async () => {
  db = await openTestDatabase();
  clock = createTestClock();
});
afterAll(async () => {
  await db.close();
});

const price = (json: string | undefined) => (JSON.parse(json ?? 'null') as { price: number } | null)?.price;

describe('token answers', () => {
  it('serve the recorded price from memory until a sample is recorded or the answer ages out', async () => {
    const worker = createTokenPriceService(db.database.db, clock);
    const web = createTokenPriceService(db.database.db, clock);
    expect(await web.answer('eu')).toBeNull();
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
    await worker.record('eu', [{ price: 3_000_000_000, recordedAt: at(60) }]);
    // The web process cached "not known yet"; the worker's own answer is fresh.
    expect(await web.answer('eu')).toBeNull();
    const first = await worker.answer('eu');
    expect(price(first?.json)).toBe(300_000);
    expect(first?.etag).toMatch(/^"[\w-]+"$/);
    expect(await worker.answer('eu')).toBe(first);

    await worker.record('eu', [{ price: 3_100_000_000, recordedAt: at(45) }]);
    const second = await worker.answer('eu');
    expect(price(second?.json)).toBe(310_000);
    expect(second?.etag).not.toBe(first?.etag);

    clock.advanceMinutes(TOKEN_ANSWER_TTL_MS / 60_000);
    expect(price((await web.answer('eu'))?.json)).toBe(310_000);
    // Another process records: this one still serves what it has, until it ages out.
    await worker.record('eu', [{ price: 3_200_000_000, recordedAt: at(30) }]);
    expect(price((await web.answer('eu'))?.json)).toBe(310_000);
    clock.advanceMinutes(TOKEN_ANSWER_TTL_MS / 60_000);
    expect(price((await web.answer('eu'))?.json)).toBe(320_000);
  });

  it('keep one compressed copy per version: re-read after the TTL, an unchanged answer is not zipped again', async () => {
    const service = createTokenPriceService(db.database.db, clock);
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
    await service.record('eu', [{ price: 2_500_000_000, recordedAt: at(20) }]);
    const first = await service.answer('eu');
    expect(gunzipSync(first?.gzip ?? Buffer.alloc(0)).toString()).toBe(first?.json);
    clock.advanceMinutes(TOKEN_ANSWER_TTL_MS / 60_000);
    const reread = await service.answer('eu');
    expect(reread?.gzip).toBe(first?.gzip);
    await service.record('eu', [{ price: 2_600_000_000, recordedAt: at(5) }]);
    const changed = await service.answer('eu');
    expect(changed?.gzip).not.toBe(first?.gzip);
    expect(gunzipSync(changed?.gzip ?? Buffer.alloc(0)).toString()).toBe(changed?.json);
  });

  it('give the history one sample per hour, the last of each and the latest, and the change from every sample', async () => {
    const service = createTokenPriceService(db.database.db, clock);
    const hourStart = Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000;
    // Two days of 15-minute samples (at :10, :25, :40 and :55), the price one gold higher each time.
    const samples = Array.from({ length: 2 * 24 * 4 }, (_, i) => ({
      price: (200_000 + i) * 10_000,
      recordedAt: new Date(hourStart - 5 * 60_000 - (2 * 24 * 4 - 1 - i) * 15 * 60_000),
    }));
    await service.record('us', samples);
    const token = await service.read('us');
    const history = token?.historicalData ?? [];
    expect(history).toHaveLength(2 * 24);
    expect(history.at(-1)).toEqual({ price: 200_191, timestamp: (hourStart - 5 * 60_000) / 1000 });
    // Each hour's last 15-minute sample stands for it.
    expect(history[0]?.price).toBe(200_003);
    expect(history[1]?.price).toBe(200_007);
    // The change still compares the latest sample with the one nearest 24 hours before it.
    expect(token?.price).toBe(200_191);
    expect(token?.changePercentage).toBe(Math.round(((200_191 - 200_095) / 200_095) * 10_000) / 100);
  });
});
