// The token answer every tool screen polls: served from memory, dropped when this process records a
// sample, and at most TOKEN_ANSWER_TTL_MS old when another process recorded it.
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
});
