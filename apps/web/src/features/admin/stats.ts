// The stats answer (GET /shared/admin/stats) read leniently: whatever caches, realms and counts come are shown.
import {
  adminAuditEntrySchema,
  jobRunSchema,
  regionFreshnessSchema,
  type AdminAuditEntry,
  type JobRun,
  type RegionFreshness,
} from '@goldroute/domain/api';
import { NoCacheDataError } from './errors';

/** name -> key -> number, as cacheData and timerData are keyed. */
export type NumbersByKey = Record<string, Record<string, number>>;

export interface AdminStats {
  cacheData: NumbersByKey;
  timerData: NumbersByKey;
  subscriptionData: Record<string, number>;
  audit: AdminAuditEntry[] | null;
  /** The scheduled jobs' last runs (absent from servers that do not report them). */
  jobs: JobRun[] | null;
  /** Each region's data freshness over the last 24 hours (absent from servers that do not measure it). */
  freshness: RegionFreshness[] | null;
  /** The server's note, e.g. that market data is still loading. */
  status: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The numeric leaves of a two-level map; anything else is left out. */
function numbersByKey(value: unknown): NumbersByKey {
  if (!isRecord(value)) return {};
  const out: NumbersByKey = {};
  for (const [name, inner] of Object.entries(value)) {
    if (!isRecord(inner)) continue;
    const numbers = Object.entries(inner).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    );
    out[name] = Object.fromEntries(numbers);
  }
  return out;
}

function counts(value: unknown): Record<string, number> {
  if (!isRecord(value)) return {};
  const out: Record<string, number> = {};
  for (const [name, entry] of Object.entries(value)) {
    const count = isRecord(entry) ? entry.count : entry;
    if (typeof count === 'number' && Number.isFinite(count)) out[name] = count;
  }
  return out;
}

/** The entries of a list that match the schema; null when there is no list. */
function validEntries<T>(
  value: unknown,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): T[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Throws NoCacheDataError when the answer has no `data.cacheData` (SPEC §8). */
export function readStats(body: unknown): AdminStats {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data) || !isRecord(data.cacheData)) throw new NoCacheDataError();
  return {
    cacheData: numbersByKey(data.cacheData),
    timerData: numbersByKey(data.timerData),
    subscriptionData: counts(data.subscriptionData),
    audit: validEntries<AdminAuditEntry>(data.audit, adminAuditEntrySchema),
    jobs: validEntries<JobRun>(data.jobs, jobRunSchema),
    freshness: validEntries<RegionFreshness>(data.freshness, regionFreshnessSchema),
    status: isRecord(body) && typeof body.status === 'string' && body.status ? body.status : null,
  };
}
