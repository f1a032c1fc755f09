import { CACHE_REGION_LABELS, CACHE_ROUTES, REGION_CACHE_KEYS, type CacheRegionKey } from '@goldroute/domain';
import {
  addSubscriptionTimeParamsSchema,
  addSubscriptionTimeRefusalSchema,
  addSubscriptionTimeResponseSchema,
  adminReadinessResponseSchema,
  adminStatsResponseSchema,
  cacheActionResponseSchema,
  cacheRouteParamsSchema,
  errorResponseSchema,
  getUsersQuerySchema,
  getUsersResponseSchema,
} from '@goldroute/domain/api';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { parseOr400 } from '../../lib/parse';
import { replies } from '../../lib/route-schema';
import type { Readiness } from '../health/readiness';
import type { createAuthGuard } from '../sessions/auth-guard';
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

// A refused grant answers in the call's own shape; a guard's 401 or 403 in the shape of every call.
const GRANT_REPLIES = {
  200: addSubscriptionTimeResponseSchema,
  '4xx': z.union([addSubscriptionTimeRefusalSchema, errorResponseSchema]),
  '5xx': errorResponseSchema,
} as const;

/** SPEC §7 Admin calls and the cache refresh paths; every one admin-only on the server. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, o) => {
  const adminOnly = [o.requireAuth, o.requireAdmin];

  app.get(
    '/shared/admin/stats',
    { schema: { response: replies(adminStatsResponseSchema) }, preValidation: adminOnly },
    async () => o.admin.stats(),
  );

  app.get(
    '/shared/admin/readiness',
    { schema: { response: replies(adminReadinessResponseSchema) }, preValidation: adminOnly },
    async () => o.readiness.check(),
  );

  app.get(
    '/shared/admin/get-users',
    {
      schema: { querystring: getUsersQuerySchema, response: replies(getUsersResponseSchema) },
      preValidation: adminOnly,
    },
    async (request) => o.admin.searchUsers(request.query.search, request.query.limit),
  );

  app.get(
    '/shared/admin/add-subscription-time/:userId/:type/:months',
    {
      schema: { params: addSubscriptionTimeParamsSchema, response: GRANT_REPLIES },
      // Refused params reach the handler, which answers them in the call's shape and audits them.
      attachValidation: true,
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const raw = request.params as Record<string, unknown>;
      const target = [raw.userId, raw.type, raw.months].map((part) => String(part ?? '')).join(' ');
      try {
        // The same 400 text a declared schema gives (plugins/errors.ts), thrown to the refusal below.
        if (request.validationError) parseOr400(addSubscriptionTimeParamsSchema, request.params);
        const { userId, type, months } = request.params;
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
        return reply.status(err.statusCode).send({ ok: false, message: err.message, error: err.message });
      }
    },
  );

  // The catalogue's clear and refresh paths (SPEC §7); the five SPEC §9 caches have none.
  for (const route of CACHE_ROUTES) {
    const { path, name: cache, action } = route;
    app.get(
      path,
      {
        schema: { params: cacheRouteParamsSchema(route), response: replies(cacheActionResponseSchema) },
        preValidation: adminOnly,
      },
      async (request) => {
        const key: CacheRegionKey =
          'region' in request.params ? REGION_CACHE_KEYS[request.params.region] : 'global';
        const target = `${cache} (${CACHE_REGION_LABELS[key]})`;
        const done = await o.caches.run(cache, key);
        const ok = done.outcome === 'done';
        const result =
          done.outcome === 'done' || done.outcome === 'failed' ? done.message : `not run: ${done.outcome}`;
        await o.admin.record(adminOf(request), action, target, ok, result);
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
      },
    );
  }
};
