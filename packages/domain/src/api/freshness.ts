// Freshness of the market data (not in SPEC §7): the push stream of new snapshots, the realms whose dump
// is late, the "shown" report an open tool sends, and the figures the status and admin pages show.
import { z } from 'zod';
import { regionSchema } from './common';

/** A connected realm whose dump did not change with the rest of its region's batch. */
export const lateRealmSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Its dump's Last-Modified, unix seconds. */
  lastModified: z.number(),
});
export type LateRealm = z.infer<typeof lateRealmSchema>;

// GET /shared/data/events/{region}: server-sent events; event `snapshot` carries this as its data.
export const snapshotEventSchema = z.object({
  region: regionSchema,
  /**
   * The new snapshot's time, unix seconds (the same figure as GET /shared/data/timer): its newest dump's
   * Last-Modified, or one second after the previous snapshot's when its new dumps are no newer than that.
   */
  lastModified: z.number(),
  /** Connected realms whose dump changed since the previous snapshot of the region. */
  realmsChanged: z.number().int().nonnegative(),
  lateRealms: z.array(lateRealmSchema),
});
export type SnapshotEvent = z.infer<typeof snapshotEventSchema>;
export const SNAPSHOT_EVENT = 'snapshot';

// POST /shared/data/shown/{region}: an open tool has shown the rows of this snapshot (204).
export const shownReportSchema = z.object({ lastModified: z.number().int().positive() });
export type ShownReport = z.infer<typeof shownReportSchema>;

/** One region's freshness over the last 24 hours: Blizzard's Last-Modified to an open tool's new rows. */
export const regionFreshnessSchema = z.object({
  region: regionSchema,
  /** Seconds; null without a measured realm-hour in the window. */
  p50Seconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  /** Realm-hours measured in the window. */
  samples: z.number().int().nonnegative(),
  /** Age of the region's newest dump, seconds; null before its first snapshot. */
  dataAgeSeconds: z.number().nullable(),
  lateRealms: z.array(lateRealmSchema),
});
export type RegionFreshness = z.infer<typeof regionFreshnessSchema>;

// GET /shared/status (public) and the admin stats page's freshness section.
export const statusResponseSchema = z.object({
  regions: z.array(regionFreshnessSchema),
  /** Unix seconds. */
  checkedAt: z.number(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;
