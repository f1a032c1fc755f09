// Admin calls (SPEC §7 "Admin"); every one needs role admin.
import { z } from 'zod';
import { MARKET_PRODUCTS, type CacheRoute } from '../caches';
import { DURATION_MONTHS, SUBSCRIPTION_TYPES } from '../enums';
import { CONFIG_MESSAGES } from '../messages';
import { emptyRequestSchema, idStringSchema, regionParamsSchema, regionSchema } from './common';
import { regionFreshnessSchema } from './freshness';

const countByKeySchema = z.record(z.string(), z.number());

export const ADMIN_ACTIONS = ['grant', 'clear', 'refresh'] as const;

/** One admin action as the audit table keeps it: who did what to which target, when, and how it went. */
export const adminAuditEntrySchema = z.object({
  /** Unix seconds. */
  at: z.number(),
  admin: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string(),
  ok: z.boolean(),
  result: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** A scheduled job's record (not in SPEC): its last run, that run's duration, its last error. */
export const jobRunSchema = z.object({
  name: z.string(),
  /** The last run's start, unix seconds. */
  lastRunAt: z.number(),
  /** How long the last finished run took. */
  durationMs: z.number().nullable(),
  state: z.enum(['running', 'ok', 'failed']),
  runs: z.number(),
  failures: z.number(),
  lastError: z.string().nullable(),
  /** Unix seconds. */
  lastErrorAt: z.number().nullable(),
  /** The process that ran it last (host:pid). */
  ranBy: z.string(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

// GET /shared/admin/readiness: why /readyz answers what it answers (the public probe says only ready or not).
/** A job as readiness judges it: its period, and its record (null fields: it never ran). */
export const readinessJobSchema = jobRunSchema.extend({
  lastRunAt: z.number().nullable(),
  state: z.enum(['running', 'ok', 'failed']).nullable(),
  runs: z.number().nullable(),
  failures: z.number().nullable(),
  ranBy: z.string().nullable(),
  /** How often it must run; null for a recorded job that no process of this deployment defines now. */
  everyMs: z.number().nullable(),
  /** Its last run started more than twice its period ago (counted from the process's start if it never ran). */
  overdue: z.boolean(),
});
export type ReadinessJob = z.infer<typeof readinessJobSchema>;
export const adminReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['pglite', 'postgres']),
  databaseReachable: z.boolean(),
  /** Why it is not ready, one line each; empty when ready. */
  reasons: z.array(z.string()),
  /** Which process answered (host:pid). */
  answeredBy: z.string(),
  /** Unix seconds. */
  checkedAt: z.number(),
  jobs: z.array(readinessJobSchema),
});
export type AdminReadinessResponse = z.infer<typeof adminReadinessResponseSchema>;

// GET /shared/admin/stats
export const adminStatsResponseSchema = z.object({
  data: z.object({
    /** cache name -> region key ("global", "1" for NA, other for EU) -> count */
    cacheData: z.record(z.string(), countByKeySchema),
    /** region number -> connected realm id -> last update, unix seconds */
    timerData: z.record(z.string(), countByKeySchema),
    /** active, in cancelation, canceled, expired, no (SUBSCRIPTION_STAT_NAMES) -> { count } */
    subscriptionData: z.record(z.string(), z.object({ count: z.number() })),
    /** The last 20 admin actions, newest first (not in SPEC §3; the stats page shows them). */
    audit: z.array(adminAuditEntrySchema).optional(),
    /** Every scheduled job of the deployment, by name (not in SPEC §3; the stats page shows them). */
    jobs: z.array(jobRunSchema).optional(),
    /** Each region's data freshness over the last 24 hours, as GET /shared/status has it (not in SPEC §3). */
    freshness: z.array(regionFreshnessSchema).optional(),
  }),
  status: z.string().optional(),
});
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

// GET /shared/admin/get-users
export const adminUserSchema = z.object({ userID: z.string(), userEmail: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;
/** Searched on the server (e-mail contains the text, case-insensitively), at most `limit` users. */
export const getUsersQuerySchema = z.object({
  search: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type GetUsersQuery = z.input<typeof getUsersQuerySchema>;
export const getUsersResponseSchema = z.object({
  data: z.array(adminUserSchema),
  /** How many users match in all (the list may be cut at `limit`). */
  total: z.number().optional(),
});
export type GetUsersResponse = z.infer<typeof getUsersResponseSchema>;

// GET /shared/admin/add-subscription-time/{userId}/{type}/{months}: path params are strings.
export const addSubscriptionTimeParamsSchema = z.object({
  userId: idStringSchema,
  type: z.enum(SUBSCRIPTION_TYPES),
  months: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((months) => DURATION_MONTHS.includes(months), { message: CONFIG_MESSAGES.unknownDuration }),
});
export type AddSubscriptionTimeParams = z.input<typeof addSubscriptionTimeParamsSchema>;
export type AddSubscriptionTimeParamsParsed = z.output<typeof addSubscriptionTimeParamsSchema>;
export const addSubscriptionTimeResponseSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
  /** The user's granted time after the grant (unix seconds). */
  goldSubscription: z.object({ type: z.enum(SUBSCRIPTION_TYPES), expiration: z.number() }).optional(),
});
export type AddSubscriptionTimeResponse = z.infer<typeof addSubscriptionTimeResponseSchema>;
/** A refused grant: SPEC §7 "ok, or message on error", with { error } as every other call has it. */
export const addSubscriptionTimeRefusalSchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  error: z.string(),
});
export type AddSubscriptionTimeRefusal = z.infer<typeof addSubscriptionTimeRefusalSchema>;

// GET /shared/data/... the cache paths of the catalogue (caches.ts): a region when the path takes one, and
// the product too for the market re-poll.
export const marketRefreshParamsSchema = z.object({ product: z.enum(MARKET_PRODUCTS), region: regionSchema });
export type MarketRefreshParams = z.infer<typeof marketRefreshParamsSchema>;

/** The params schema of a cache route (an empty one for a path without params). */
export function cacheRouteParamsSchema(route: Pick<CacheRoute, 'path'>) {
  if (route.path.includes(':product')) return marketRefreshParamsSchema;
  return route.path.includes(':region') ? regionParamsSchema : emptyRequestSchema;
}

/** What a clear or refresh path answers: what it did, in words. */
export const cacheActionResponseSchema = z.object({ message: z.string() });
export type CacheActionResponse = z.infer<typeof cacheActionResponseSchema>;
