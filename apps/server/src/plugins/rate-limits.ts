import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { quitRedis, redisConnection } from '../lib/redis-bus';
import { hashToken } from '../lib/secure-token';
import { HttpError } from '../lib/http-error';
import { fallbackCounter, memoryCounter, redisCounter, storeOf, type Counter } from './rate-limit-store';

export interface RateLimiter {
  /** A route hook (preValidation) that allows `max` calls per window for each key the request maps to. */
  limit(
    name: string,
    max: number,
    windowMs: number,
    key: (request: FastifyRequest) => string,
  ): preHandlerAsyncHookHandler;
}

const noop: preHandlerAsyncHookHandler = async () => undefined;

const describeWait = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
};

/**
 * @fastify/rate-limit's counters, checked per route with as many keys (IP, account, token) as the route needs.
 * createRateLimit is used rather than rateLimit() hooks because only the first of those runs per request.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { enabled: boolean; redisUrl?: string | undefined },
): Promise<RateLimiter> {
  if (!options.enabled) return { limit: () => noop };
  // With Redis every API process counts against the same limits; while Redis is out of reach each
  // process counts on its own (rate-limit-store.ts), from the start if Redis is away then.
  let counter: Counter = memoryCounter();
  if (options.redisUrl) {
    const redis = redisConnection(options.redisUrl, 'rate limits', app.log, {
      connectionName: 'goldroute:rate-limits',
    });
    await redis.connect().catch(() => undefined);
    app.addHook('onClose', () => quitRedis(redis));
    counter = fallbackCounter(redis, redisCounter(redis, 'goldroute-rl:'), counter, app.log);
  }
  await app.register(rateLimit, { global: false, store: storeOf(counter) });
  return {
    limit: (name, max, windowMs, key) => {
      const check = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => `${name}:${key(request)}`,
      });
      return async (request) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        throw new HttpError(429, `Too many requests. Please try again in ${describeWait(result.ttl)}.`, {
          headers: { 'retry-after': String(Math.max(1, result.ttlInSeconds)) },
        });
      };
    },
  };
}

export const byIp = (request: FastifyRequest): string => request.ip;

/** The common per-address limit of a call, counted under `<name>-ip`. */
export const limitPerIp = (limiter: RateLimiter, name: string, max: number, windowMs: number) =>
  limiter.limit(`${name}-ip`, max, windowMs, byIp);

/** Keys on one body field, hashed so raw e-mails and tokens never sit in the limiter's store. */
export const byBodyField =
  (field: string) =>
  (request: FastifyRequest): string => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? hashToken(value.trim().toLowerCase()) : 'missing';
  };

export const byParam =
  (param: string) =>
  (request: FastifyRequest): string => {
    const value = (request.params as Record<string, unknown> | undefined)?.[param];
    return typeof value === 'string' ? hashToken(value) : 'missing';
  };
