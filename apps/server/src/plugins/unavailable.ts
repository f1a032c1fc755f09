import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PoolBusyError } from '../db/pg-pool';

/**
 * What a caller sees while PostgreSQL or Redis cannot be reached: a 503 to retry, never a 500 and never a
 * hang (the pg pool and the Redis connections give up within seconds, db/client.ts and lib/redis-bus.ts).
 */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client should wait before retrying; a cut link is usually back within this. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
/**
 * What a caller sees when the server is reachable and so is the database, but it is too busy for the call
 * now: every pooled connection stayed busy (db/pg-pool.ts), or the password hashes are queued full.
 */
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
export const BUSY_RETRY_AFTER_S = 1;

/**
 * What node-postgres and pg-pool say when the link, not the query, failed: the server went away mid-query,
 * a connect timed out, a wait for a free connection heard nothing from the database (db/pg-pool.ts), or the
 * client was left unusable by such a failure.
 */
const PG_LINK_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Socket errors of a connect or of a live link; only counted when pg raised them (see below). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own answers that mean "not now" rather than "wrong query": connection exceptions (class 08),
 * too many connections, and a server shutting down or starting up.
 */
const isUnavailableSqlState = (code: string) =>
  code.startsWith('08') || code === '53300' || code === '57P01' || code === '57P02' || code === '57P03';

/**
 * What ioredis rejects a command with when the link is down: the connection is not ready and commands are
 * not queued (enableOfflineQueue false), it closed under the command, or reconnecting took too many tries.
 */
const REDIS_LINK_MESSAGES = [
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
  'Command timed out',
];

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  severity?: unknown;
}

function isPgLinkFailure(err: ErrorLike): boolean {
  if (typeof err.message === 'string' && PG_LINK_MESSAGES.includes(err.message)) return true;
  if (typeof err.code !== 'string') return false;
  // A server error (pg's DatabaseError carries a severity) names its SQLSTATE in `code`.
  if (typeof err.severity === 'string') return isUnavailableSqlState(err.code);
  return SOCKET_CODES.has(err.code);
}

/**
 * Which service a request failed on because it could not be reached (rather than because of the query or
 * our code), or null. A query's failure arrives wrapped by Drizzle (DrizzleQueryError, cause: pg's error); a
 * transaction's connect failure arrives as pg-pool raised it (a timeout: "Connection terminated due to
 * connection timeout"). A bare socket error counts only at the top: HTTP clients (fetch, Stripe, nodemailer)
 * always wrap theirs, so a third party's outage is not reported as ours.
 */
export function unavailableService(err: unknown): 'database' | 'redis' | null {
  if (!err || typeof err !== 'object') return null;
  if (err instanceof DrizzleQueryError) {
    const cause = err.cause as ErrorLike | undefined;
    return cause && typeof cause === 'object' && isPgLinkFailure(cause) ? 'database' : null;
  }
  const e = err as ErrorLike;
  if (e.name === 'MaxRetriesPerRequestError') return 'redis';
  if (typeof e.message === 'string' && REDIS_LINK_MESSAGES.includes(e.message)) return 'redis';
  return isPgLinkFailure(e) ? 'database' : null;
}

/**
 * A call that waited for a free database connection while the database kept answering: the pool is busy, the
 * database is there, so it is no outage (not unavailableService's 'database'), only a call to retry shortly.
 */
export function isPoolBusy(err: unknown): boolean {
  return (err instanceof DrizzleQueryError ? err.cause : err) instanceof PoolBusyError;
}
