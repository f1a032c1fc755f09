import type { Region } from '@goldroute/domain';
import {
  CACHE_REGION_LABELS,
  MARKET_PRODUCTS,
  addSubscriptionTimeParamsSchema,
  getUsersQuerySchema,
  regionParamsSchema,
} from '@goldroute/domain/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../lib/parse';
import { HttpError } from '../../lib/http-error';
import type { createAuthGuard } from '../sessions/auth-guard';
import type { Readiness } from '../health/readiness';
import type { RegionKey } from '../market/cache-registry';
import { adminOf } from '../users/admin-guard';
import type { AdminService } from './admin.service';
import type { CacheActions } from './cache-actions';

export interface AdminRoutesOptions {
  admin: AdminService;
  caches: CacheActions;
  /** What /readyz judges, with its reasons and every job's record. */
  readiness: Readiness;
  requireAuth: ReturnType<typeof createAuthGuard>;
  requireAdmin: preHandlerAsyncHookHandler;
}

const REGION_KEYS: Record<Region, RegionKey> = { us: '1', eu: '2' };

/**
 * The cache a SPEC §7 refresh path acts on, and for which region key: `/shared/data/<path>`. The five SPEC §9
 * caches have none; the market and TSM re-polls are actions of the region's ingestion.
 */
const REFRESH_PATHS: readonly { path: string; cache: string; regional: boolean }[] = [
  { path: '/shared/data/:product/refresh/:region', cache: 'market', regional: true },
  { path: '/shared/data/tsm/refresh/:region', cache: 'tsm', regional: true },
  { path: '/shared/data/clear-cache/personal/:region', cache: 'personal', regional: true },
  { path: '/shared/data/raidbots/bonus/refresh', cache: 'raidbotsBonus', regional: false },
  { path: '/shared/data/raidbots/curve/refresh', cache: 'raidbotsCurve', regional: false },
  { path: '/shared/data/saddlebag/data/refresh', cache: 'itemCatalog', regional: false },
  { path: '/shared/data/saddlebag/patch-numbers/refresh', cache: 'patchNumbers', regional: false },
  { path: '/shared/data/saddlebag/pet-names/refresh', cache: 'petNames', regional: false },
  { path: '/shared/data/fakeItems/refresh', cache: 'fakeItems', regional: false },
  { path: '/shared/data/craftedItems/refresh', cache: 'craftedItems', regional: false },
];

const productSchema = z.object({ product: z.enum(MARKET_PRODUCTS) });

/** SPEC §7 Admin calls and the cache refresh paths; every one admin-only on the server. */
export async function adminRoutes(app: FastifyInstance, o: AdminRoutesOptions): Promise<void> {
  const guard = { preHandler: [o.requireAuth, o.requireAdmin] };

  app.get('/shared/admin/stats', guard, async () => o.admin.stats());

  app.get('/shared/admin/readiness', guard, async () => o.readiness.check());

  app.get('/shared/admin/get-users', guard, async (request) => {
    const query = parseOr400(getUsersQuerySchema, request.query);
    return o.admin.searchUsers(query.search, query.limit);
  });

  app.get(
    '/shared/admin/add-subscription-time/:userId/:type/:months',
    guard,
    async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.params as Record<string, string>;
      const target = `${raw.userId ?? ''} ${raw.type ?? ''} ${raw.months ?? ''}`;
      try {
        const { userId, type, months } = parseOr400(addSubscriptionTimeParamsSchema, request.params);
        const granted = await o.admin.grantTime(userId, type, months);
        await o.admin.record(
          adminOf(request),
          'grant',
          target,
          true,
          `until ${new Date(granted.goldSubscription.expiration * 1000).toISOString()}`,
        );
        return granted;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        await o.admin.record(adminOf(request), 'grant', target, false, err.message);
        // SPEC §7 "ok, or message on error"; { error } as every other call.
        return reply.status(err.statusCode).send({ ok: false, message: err.message, error: err.message });
      }
    },
  );

  for (const { path, cache, regional } of REFRESH_PATHS) {
    app.get(path, guard, async (request) => {
      if (path.includes(':product')) parseOr400(productSchema, request.params);
      const key: RegionKey = regional
        ? REGION_KEYS[parseOr400(regionParamsSchema, request.params).region]
        : 'global';
      const target = `${cache} (${CACHE_REGION_LABELS[key]})`;
      const done = await o.caches.run(cache, key);
      const ok = done.outcome === 'done';
      const result =
        done.outcome === 'done' || done.outcome === 'failed' ? done.message : `not run: ${done.outcome}`;
      await o.admin.record(
        adminOf(request),
        cache === 'market' || cache === 'tsm' ? 'refresh' : 'clear',
        target,
        ok,
        result,
      );
      switch (done.outcome) {
        case 'done':
          return { message: done.message };
        case 'busy':
          throw new HttpError(409, `${target} is already being cleared; try again when it is done`);
        case 'unknown':
        case 'not-clearable':
          throw new HttpError(404, `${target} is not kept here`);
        case 'failed':
          // The source's own words stay in the audit; the last good copy is kept.
          throw new HttpError(502, `Refreshing ${target} failed; the last good copy is kept`);
      }
    });
  }
}
