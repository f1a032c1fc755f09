import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rememberTokens, sessions, usedRefreshTokens } from '../../db/schema';
import { unusedAndUnexpired } from '../../db/one-time-rows';
import { addDays, type Clock } from '../../lib/clock';
import { createTtlCache } from '../../lib/ttl-cache';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import type { AccessTokens } from './access-token';

/** A session lives this long from login: a week, or 30 days when the user asked to be remembered. */
export const SESSION_DAYS = { default: 7, rememberMe: 30 } as const;
export const REMEMBER_ME_DAYS = 30;
/**
 * How long a positive session check is reused. Revocations drop it at once, in other processes too when
 * `onRevoke` tells them; a process that missed the message sees a revocation within this time.
 */
export const LIVE_CHECK_TTL_MS = 5_000;

/** A column's bare name, for raw statements (an UPDATE's SET list takes no table prefix). */
const col = (column: { name: string }) => sql.identifier(column.name);

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  tokenId: string;
}

export type RefreshOutcome =
  | { ok: true; session: IssuedSession; userId: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'expired' };

/** A live session's owner and end, as the checks keep it. */
interface LiveSession {
  userId: string;
  expiresAt: Date;
}

/** Sessions just revoked: one, or all of a user's. */
export type RevokedSessions = { sessionId: string } | { userId: string };

export function createSessionService(
  db: Db,
  accessTokens: AccessTokens,
  clock: Clock,
  options: { onRevoke?: (revoked: RevokedSessions) => Promise<void> } = {},
) {
  const liveSessions = createTtlCache<string, LiveSession>(LIVE_CHECK_TTL_MS, clock);
  /** Checks under way, by session, with the revocation count when each began. */
  const checking = new Map<string, { since: number; live: Promise<LiveSession | null> }>();
  /** Bumped by every revocation: a check that began before one keeps its answer out of the cache. */
  let revocations = 0;

  /** Drops revoked sessions from the reused checks (also called for revocations made by other processes). */
  function forgetRevoked(revoked: RevokedSessions): void {
    revocations++;
    if ('sessionId' in revoked) liveSessions.delete(revoked.sessionId);
    else liveSessions.deleteWhere((live) => live.userId === revoked.userId);
  }

  async function afterRevoke(revoked: RevokedSessions): Promise<void> {
    forgetRevoked(revoked);
    await options.onRevoke?.(revoked);
  }

  /** A new session; `endsBy` caps its lifetime (a remembered login never outlives the 30-day cookie). */
  async function issue(userId: string, rememberMe: boolean, endsBy?: Date): Promise<IssuedSession> {
    const id = randomUUID();
    const refreshToken = newSecureToken();
    const now = clock.now();
    const lifetimeEnd = addDays(now, rememberMe ? SESSION_DAYS.rememberMe : SESSION_DAYS.default);
    await db.insert(sessions).values({
      id,
      userId,
      refreshTokenHash: hashToken(refreshToken),
      rememberMe,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: endsBy && endsBy < lifetimeEnd ? endsBy : lifetimeEnd,
    });
    return { accessToken: await accessTokens.sign({ userId, sessionId: id }), refreshToken, tokenId: id };
  }

  /**
   * Rotates the refresh token in one statement: the conditional UPDATE swaps the hash and, in the same
   * statement, records the presented token as used. Of any number of concurrent refreshes with one token
   * exactly one wins (on PostgreSQL the others wait for its row lock, then no longer match); every loser,
   * like any later replay, finds the token among the used ones and revokes the whole session. There is no
   * moment at which the token is neither current nor recorded as used.
   */
  async function refresh(refreshToken: string): Promise<RefreshOutcome> {
    const presented = hashToken(refreshToken);
    const now = clock.now().toISOString();
    const next = newSecureToken();

    const s = sessions;
    const u = usedRefreshTokens;
    // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
    const rotated = (await db.execute(sql`
      with rotated as (
        update ${s}
           set ${col(s.refreshTokenHash)} = ${hashToken(next)}, ${col(s.lastUsedAt)} = ${now}::timestamptz
         where ${col(s.refreshTokenHash)} = ${presented}
           and ${col(s.revokedAt)} is null
           and ${col(s.expiresAt)} > ${now}::timestamptz
        returning ${col(s.id)} as id, ${col(s.userId)} as user_id
      ), recorded as (
        insert into ${u} (${col(u.tokenHash)}, ${col(u.sessionId)}, ${col(u.usedAt)})
        select ${presented}, id, ${now}::timestamptz from rotated
      )
      select id, user_id from rotated`)) as unknown as { rows: { id: string; user_id: string }[] };
    const session = rotated.rows[0];
    if (session) {
      return {
        ok: true,
        userId: session.user_id,
        session: {
          accessToken: await accessTokens.sign({ userId: session.user_id, sessionId: session.id }),
          refreshToken: next,
          tokenId: session.id,
        },
      };
    }

    const reused = await db
      .select({ sessionId: usedRefreshTokens.sessionId })
      .from(usedRefreshTokens)
      .where(eq(usedRefreshTokens.tokenHash, presented));
    if (reused[0]) {
      await revoke(reused[0].sessionId, 'refresh token reused');
      return { ok: false, reason: 'reused' };
    }
    const stale = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.refreshTokenHash, presented));
    return { ok: false, reason: stale[0] ? 'expired' : 'unknown' };
  }

  /** Ends, now and for `reason`, the sessions `which` names that have not ended yet. */
  async function revokeWhere(which: SQL | undefined, reason: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(which, isNull(sessions.revokedAt)));
  }

  async function revoke(sessionId: string, reason: string): Promise<void> {
    await revokeWhere(eq(sessions.id, sessionId), reason);
    await afterRevoke({ sessionId });
  }

  /** Logout of one session: only a session of the caller's own can be named. */
  async function revokeOwn(userId: string, sessionId: string, reason: string): Promise<void> {
    await revokeWhere(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)), reason);
    await afterRevoke({ sessionId });
  }

  async function revokeAllForUser(userId: string, reason: string): Promise<void> {
    await revokeWhere(eq(sessions.userId, userId), reason);
    await afterRevoke({ userId });
    await db.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
  }

  /** The session's owner and end if live now, from the database; kept unless a revocation came meanwhile. */
  async function readLive(sessionId: string, since: number): Promise<LiveSession | null> {
    const rows = await db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
      );
    const live = rows[0] ?? null;
    if (!live) liveSessions.delete(sessionId);
    else if (since === revocations) liveSessions.set(sessionId, live);
    return live;
  }

  /**
   * True while the session named in an access token has not been revoked or expired. Concurrent checks
   * of one session share one query, but never one that began before a revocation they came after.
   */
  async function isLive(sessionId: string, userId: string): Promise<boolean> {
    let live: LiveSession | null | undefined = liveSessions.get(sessionId);
    if (!live) live = await check(sessionId).live;
    // Past half its life, a kept answer is checked again behind this call: a session in steady use never
    // waits for the database, and no answer is older than LIVE_CHECK_TTL_MS.
    else if ((liveSessions.age(sessionId) ?? 0) >= LIVE_CHECK_TTL_MS / 2) check(sessionId);
    return live !== null && live.userId === userId && live.expiresAt > clock.now();
  }

  /** The check of this session under way since the last revocation, else a new one. */
  function check(sessionId: string): { since: number; live: Promise<LiveSession | null> } {
    const underWay = checking.get(sessionId);
    if (underWay?.since === revocations) return underWay;
    const started = { since: revocations, live: readLive(sessionId, revocations) };
    checking.set(sessionId, started);
    void started.live
      .finally(() => {
        if (checking.get(sessionId) === started) checking.delete(sessionId);
      })
      .catch(() => undefined);
    return started;
  }

  /** A new remember-me token with a fixed absolute expiry (the original one when rotating). */
  async function issueRememberToken(userId: string, expiresAt = addDays(clock.now(), REMEMBER_ME_DAYS)) {
    const token = newSecureToken();
    await db.insert(rememberTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /** Spends a remember-me token once; returns the user and the token's absolute expiry. */
  async function consumeRememberToken(token: string): Promise<{ userId: string; expiresAt: Date } | null> {
    const now = clock.now();
    const rows = await db
      .update(rememberTokens)
      .set({ usedAt: now })
      .where(and(eq(rememberTokens.tokenHash, hashToken(token)), unusedAndUnexpired(rememberTokens, now)))
      .returning({ userId: rememberTokens.userId, expiresAt: rememberTokens.expiresAt });
    return rows[0] ?? null;
  }

  async function dropRememberToken(token: string): Promise<void> {
    await db.delete(rememberTokens).where(eq(rememberTokens.tokenHash, hashToken(token)));
  }

  return {
    issue,
    refresh,
    revoke,
    revokeOwn,
    revokeAllForUser,
    forgetRevoked,
    isLive,
    issueRememberToken,
    consumeRememberToken,
    dropRememberToken,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
