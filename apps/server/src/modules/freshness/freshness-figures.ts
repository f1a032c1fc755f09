import type { Region } from '@goldroute/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The window the figures cover. */
export const FRESHNESS_WINDOW_HOURS = 24;

export interface DelayFigures {
  p50Seconds: number | null;
  p95Seconds: number | null;
  samples: number;
}

const NO_SAMPLES: DelayFigures = { p50Seconds: null, p95Seconds: null, samples: 0 };

/** Tenths of a second: finer than any page shows, coarse enough to read. */
const tenths = (value: unknown): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * Per region, over the shown samples whose dump is at most FRESHNESS_WINDOW_HOURS old: the median and 95th
 * percentile (interpolated, percentile_cont) of Last-Modified to shown, in seconds, and how many there are.
 */
export async function delayFigures(db: Db, now: Date): Promise<Record<Region, DelayFigures>> {
  const since = new Date(now.getTime() - FRESHNESS_WINDOW_HOURS * 3_600_000).toISOString();
  // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
  const result = (await db.execute(sql`
    select region,
      percentile_cont(0.5) within group (order by extract(epoch from shown_at - last_modified)) as p50,
      percentile_cont(0.95) within group (order by extract(epoch from shown_at - last_modified)) as p95,
      count(*)::int as samples
    from freshness_samples
    where shown_at is not null and last_modified >= ${since}::timestamptz
    group by region`)) as unknown as {
    rows: { region: string; p50: unknown; p95: unknown; samples: unknown }[];
  };
  const figures: Record<Region, DelayFigures> = { us: NO_SAMPLES, eu: NO_SAMPLES };
  for (const row of result.rows) {
    if (row.region !== 'us' && row.region !== 'eu') continue;
    figures[row.region] = {
      p50Seconds: tenths(row.p50),
      p95Seconds: tenths(row.p95),
      samples: Number(row.samples),
    };
  }
  return figures;
}
