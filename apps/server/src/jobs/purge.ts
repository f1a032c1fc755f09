import { and, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  adminAudit,
  alertSentRoutes,
  discordStates,
  emailTokens,
  freshnessSamples,
  outbox,
  paymentCheckouts,
  paymentEvents,
  rememberTokens,
  sessions,
  usedRefreshTokens,
} from '../db/schema';
import type { Clock } from '../lib/clock';

const DAY_MS = 86_400_000;

/**
 * How long rows are kept once they are of no more use. Each clock starts when the row stopped mattering
 * (revoked, expired, used) or, for records, when it was written. A live session or an unspent, unexpired
 * token is never purged, whatever its age.
 */
export const RETENTION_DAYS = {
  /** Ended sessions (revoked, or past their expiry) with their spent refresh tokens: kept for audit. */
  sessions: 30,
  /** Confirmation and reset links, after use or expiry. */
  emailTokens: 7,
  /** Remember-me cookies, after use (rotation) or expiry. */
  rememberTokens: 7,
  /** Discord link states (valid for minutes), after use or expiry. */
  discordStates: 1,
  /** Mail in the outbox, from when it was queued, sent or not. */
  outbox: 7,
  /** Provider event ids kept to acknowledge redeliveries (Stripe retries for up to 3 days). */
  paymentEvents: 90,
  /** Admin actions. */
  adminAudit: 365,
  /** Expired or completed checkouts, from when they were opened. */
  paymentCheckouts: 30,
  /** Data freshness samples, from their dump's Last-Modified (the pages show the last 24 hours). */
  freshnessSamples: 7,
  /** Routes sent in alerts, from when they were sent: a route unchanged for longer may be alerted again. */
  alertSentRoutes: 14,
} as const;

/** At most this many rows go in one DELETE, so a large backlog never holds long locks. */
export const PURGE_BATCH = 5_000;

/** The job's schedule; the scheduler runs it once per period (once over all processes when they share Redis). */
export const PURGE_JOB = { name: 'purge', everyMs: 6 * 3_600_000 } as const;

export type PurgeCounts = Record<
  | 'sessions'
  | 'usedRefreshTokens'
  | 'emailTokens'
  | 'rememberTokens'
  | 'discordStates'
  | 'outbox'
  | 'paymentEvents'
  | 'adminAudit'
  | 'paymentCheckouts'
  | 'freshnessSamples'
  | 'alertSentRoutes',
  number
>;

/** Deletes rows past their retention (RETENTION_DAYS); `run` answers how many rows it deleted per table. */
export function createPurge(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Rows per DELETE (PURGE_BATCH); tests make it small. */
  batchSize?: number;
}) {
  const { db, clock, log, batchSize = PURGE_BATCH } = deps;

  /**
   * Deletes `where` rows of `table` in batches by `key` (the primary key, or a column every matching row
   * shares its value of with only other matching rows); returns how many went.
   */
  async function purge(table: PgTable, key: PgColumn, where: SQL | undefined): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = db.select({ key }).from(table).where(where).limit(batchSize);
      const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
      total += deleted.length;
      if (deleted.length < batchSize) return total;
    }
  }

  /** Ended sessions, their spent refresh tokens counted apart (the foreign key would cascade them anyway). */
  async function purgeSessions(cutoff: Date): Promise<{ sessions: number; usedRefreshTokens: number }> {
    const ended = or(lt(sessions.revokedAt, cutoff), lt(sessions.expiresAt, cutoff));
    let removed = 0;
    let tokens = 0;
    for (;;) {
      const ids = (await db.select({ id: sessions.id }).from(sessions).where(ended).limit(batchSize)).map(
        (r) => r.id,
      );
      if (ids.length === 0) break;
      tokens += (
        await db
          .delete(usedRefreshTokens)
          .where(inArray(usedRefreshTokens.sessionId, ids))
          .returning({ key: usedRefreshTokens.tokenHash })
      ).length;
      removed += (await db.delete(sessions).where(inArray(sessions.id, ids)).returning({ id: sessions.id }))
        .length;
      if (ids.length < batchSize) break;
    }
    return { sessions: removed, usedRefreshTokens: tokens };
  }

  async function run(): Promise<PurgeCounts> {
    const now = clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY_MS);
    const spent = (usedAt: PgColumn, expiresAt: PgColumn, cutoff: Date) =>
      or(lt(usedAt, cutoff), lt(expiresAt, cutoff));
    const r = RETENTION_DAYS;

    const counts: PurgeCounts = {
      ...(await purgeSessions(before(r.sessions))),
      emailTokens: await purge(
        emailTokens,
        emailTokens.tokenHash,
        spent(emailTokens.usedAt, emailTokens.expiresAt, before(r.emailTokens)),
      ),
      rememberTokens: await purge(
        rememberTokens,
        rememberTokens.tokenHash,
        spent(rememberTokens.usedAt, rememberTokens.expiresAt, before(r.rememberTokens)),
      ),
      discordStates: await purge(
        discordStates,
        discordStates.stateHash,
        spent(discordStates.usedAt, discordStates.expiresAt, before(r.discordStates)),
      ),
      outbox: await purge(outbox, outbox.id, lt(outbox.createdAt, before(r.outbox))),
      paymentEvents: await purge(
        paymentEvents,
        paymentEvents.id,
        lt(paymentEvents.receivedAt, before(r.paymentEvents)),
      ),
      adminAudit: await purge(adminAudit, adminAudit.id, lt(adminAudit.at, before(r.adminAudit))),
      paymentCheckouts: await purge(
        paymentCheckouts,
        paymentCheckouts.id,
        and(
          inArray(paymentCheckouts.status, ['expired', 'complete']),
          lt(paymentCheckouts.createdAt, before(r.paymentCheckouts)),
        ),
      ),
      // Keyed by region, realm and stamp: batched by the stamp, which the cutoff splits cleanly.
      freshnessSamples: await purge(
        freshnessSamples,
        freshnessSamples.lastModified,
        lt(freshnessSamples.lastModified, before(r.freshnessSamples)),
      ),
      alertSentRoutes: await purge(
        alertSentRoutes,
        alertSentRoutes.sentAt,
        lt(alertSentRoutes.sentAt, before(r.alertSentRoutes)),
      ),
    };
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > 0) log.info({ deleted: counts }, 'purge: deleted %d rows past retention', total);
    return counts;
  }

  return { run };
}

export type Purge = ReturnType<typeof createPurge>;
