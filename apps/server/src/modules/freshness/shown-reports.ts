import type { Region } from '@goldroute/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

/**
 * An open tool's word that it shows the rows of a region's snapshot: every sample of the region that
 * snapshot holds and no tool had shown yet is shown now. A sample a newer dump of its realm replaced
 * before any tool showed it stays unshown: its rows never reached a screen, so it has no delay to count.
 *
 * Tools report each snapshot they show; the same report again is answered from memory until the region's
 * next publish brings new dumps. The update is idempotent, so reports to several processes agree.
 */
export function createShownReports(deps: {
  db: Db;
  clock: Clock;
  /** Resolves once the region's samples published so far are written. */
  settled(region: Region): Promise<void>;
}) {
  const { db, clock } = deps;
  /** Per region: the newest lastModified already marked since its last publish with new dumps. */
  const markedUpTo = new Map<Region, number>();
  /** Bumped by new dumps: a mark made across a publish does not cover that publish's samples. */
  const generation = new Map<Region, number>();

  async function mark(region: Region, lastModified: number): Promise<void> {
    const now = clock.now().toISOString();
    const until = new Date(lastModified * 1000).toISOString();
    await db.execute(sql`
      update freshness_samples as s set shown_at = ${now}::timestamptz
      where s.region = ${region}
        and s.shown_at is null
        and s.last_modified <= ${until}::timestamptz
        and s.published_at <= ${now}::timestamptz
        and not exists (
          select 1 from freshness_samples as newer
          where newer.region = s.region and newer.realm_id = s.realm_id
            and newer.last_modified > s.last_modified and newer.last_modified <= ${until}::timestamptz
        )`);
  }

  return {
    async report(region: Region, lastModified: number): Promise<void> {
      if ((markedUpTo.get(region) ?? 0) >= lastModified) return;
      const started = generation.get(region) ?? 0;
      await deps.settled(region);
      await mark(region, lastModified);
      if ((generation.get(region) ?? 0) === started)
        markedUpTo.set(region, Math.max(markedUpTo.get(region) ?? 0, lastModified));
    },
    /** The region published new dumps: the next report marks again. */
    newDumps(region: Region): void {
      generation.set(region, (generation.get(region) ?? 0) + 1);
      markedUpTo.delete(region);
    },
  };
}
