import type { Region } from '@goldroute/domain';
import type { TokenResponse } from '@goldroute/domain/api';
import { and, asc, eq, lt } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import type { Db } from '../../db/client';
import { tokenPrices } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { etagOf } from '../../lib/etag';
import { createTtlCache } from '../../lib/ttl-cache';

export const TOKEN_HISTORY_DAYS = 14;
const COPPER_PER_GOLD = 10_000;
const DAY_MS = 86_400_000;

/**
 * How long a process serves its token answer without looking at the database. The poll job records a
 * sample every 15 minutes and drops the answer of its own process at once; another process (a web
 * process under a worker) shows the new price at most this much later. Token prices are public market
 * data, not security state.
 */
export const TOKEN_ANSWER_TTL_MS = 30_000;

/** The answer of GET /shared/data/token/{region} as sent: JSON text, its gzip and its ETag. */
export interface TokenAnswer {
  json: string;
  /** Compressed once per version: every tool screen polls this call, and every browser accepts gzip. */
  gzip: Buffer;
  etag: string;
}

const HOUR_S = 3_600;

export interface TokenSample {
  price: number;
  recordedAt: Date;
}

/** Token price samples in the database: written by the poll job, read by GET /shared/data/token/{region}. */
export function createTokenPriceService(db: Db, clock: Clock) {
  // Every tool screen polls this call: 14 days of samples are ~1,350 rows to read and shape per request.
  const answers = createTtlCache<Region, TokenAnswer | null>(TOKEN_ANSWER_TTL_MS, clock, 4);

  async function record(region: Region, samples: readonly TokenSample[]): Promise<void> {
    if (samples.length === 0) return;
    answers.delete(region);
    await db
      .insert(tokenPrices)
      .values(samples.map((s) => ({ region, recordedAt: s.recordedAt, price: Math.round(s.price) })))
      .onConflictDoNothing();
    const cutoff = new Date(clock.now().getTime() - TOKEN_HISTORY_DAYS * DAY_MS);
    await db
      .delete(tokenPrices)
      .where(and(eq(tokenPrices.region, region), lt(tokenPrices.recordedAt, cutoff)));
  }

  /**
   * Latest price in gold, its change against the sample closest to 24 hours earlier (percent, 2 decimals),
   * and the 14-day history oldest first, one sample per hour (the last of each hour, the latest always
   * included): the header's sparkline is 56 px wide for 336 hours, so the 15-minute samples would add
   * four times the bytes and nothing it can show. Null while nothing was recorded.
   */
  async function read(region: Region): Promise<TokenResponse | null> {
    const rows = await db
      .select()
      .from(tokenPrices)
      .where(eq(tokenPrices.region, region))
      .orderBy(asc(tokenPrices.recordedAt));
    const latest = rows.at(-1);
    if (!latest) return null;
    const dayBefore = latest.recordedAt.getTime() - DAY_MS;
    const reference = rows.reduce((best, r) =>
      Math.abs(r.recordedAt.getTime() - dayBefore) < Math.abs(best.recordedAt.getTime() - dayBefore)
        ? r
        : best,
    );
    const change = reference.price > 0 ? ((latest.price - reference.price) / reference.price) * 100 : 0;
    return {
      price: Math.round(latest.price / COPPER_PER_GOLD),
      changePercentage: Math.round(change * 100) / 100,
      historicalData: hourly(rows).map((r) => ({
        price: Math.round(r.price / COPPER_PER_GOLD),
        timestamp: Math.floor(r.recordedAt.getTime() / 1000),
      })),
    };
  }

  /** The last answer built per region: re-read after the TTL, it is reused while its content is the same. */
  const built = new Map<Region, TokenAnswer>();

  /** read() as sent, from memory for up to TOKEN_ANSWER_TTL_MS; null while nothing was recorded. */
  async function answer(region: Region): Promise<TokenAnswer | null> {
    const hit = answers.get(region);
    if (hit !== undefined) return hit;
    const token = await read(region);
    const json = token === null ? null : JSON.stringify(token);
    let value: TokenAnswer | null = null;
    if (json !== null) {
      const etag = etagOf(json);
      const last = built.get(region);
      value = last?.etag === etag ? last : { json, gzip: gzipSync(json), etag };
      built.set(region, value);
    }
    answers.set(region, value);
    return value;
  }

  return { record, read, answer };
}

export type TokenPriceService = ReturnType<typeof createTokenPriceService>;

/** The last sample of each clock hour, oldest first (rows come sorted by time). */
function hourly<T extends { recordedAt: Date }>(rows: readonly T[]): T[] {
  const hourOf = (r: T) => Math.floor(r.recordedAt.getTime() / 1000 / HOUR_S);
  return rows.filter((r, i) => i === rows.length - 1 || hourOf(rows[i + 1] as T) !== hourOf(r));
}
