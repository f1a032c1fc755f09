import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
  users,
} from '../db/schema';
import { freshDatabaseEachTest } from '../test-support/fresh-database';
import { createPurge, PURGE_JOB, RETENTION_DAYS } from './purge';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const MIN = 60_000;
const DAY = 86_400_000;
const clock = { now: () => NOW };
const log = pino({ level: 'silent' });
/** The moment a row's retention of `days` ran out, moved by `minutes` (negative: just past it). */
const edge = (days: number, minutes: number) => new Date(NOW.getTime() - days * DAY + minutes * MIN);
const later = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);

let db: Db;
freshDatabaseEachTest((fresh) => (db = fresh));

async function newUser(): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, passwordHash: 'x' });
  return id;
}

async function session(
  userId: string,
  name: string,
  at: { expiresAt: Date; revokedAt?: Date; usedTokens?: number },
) {
  const id = randomUUID();
  await db.insert(sessions).values({
    id,
    userId,
    refreshTokenHash: `current-${name}`,
    createdAt: edge(400, 0),
    lastUsedAt: edge(400, 0),
    expiresAt: at.expiresAt,
    revokedAt: at.revokedAt ?? null,
    revokedReason: at.revokedAt ? 'logout' : null,
  });
  for (let i = 0; i < (at.usedTokens ?? 1); i++)
    await db
      .insert(usedRefreshTokens)
      .values({ tokenHash: `used-${name}-${i}`, sessionId: id, usedAt: edge(400, 0) });
  return name;
}

const names = async <T>(rows: Promise<T[]>, pick: (row: T) => string) => (await rows).map(pick).sort();

describe('purge', () => {
  it('deletes rows just past their retention, keeps rows just inside, never touches live ones', async () => {
    const userId = await newUser();
    const r = RETENTION_DAYS;

    // Sessions: 30 days after revocation or expiry. A live session is kept however old it is.
    await session(userId, 'live-old', { expiresAt: later(NOW, 60), usedTokens: 3 });
    await session(userId, 'revoked-past', {
      revokedAt: edge(r.sessions, -1),
      expiresAt: later(NOW, 60),
      usedTokens: 2,
    });
    await session(userId, 'revoked-inside', { revokedAt: edge(r.sessions, 1), expiresAt: later(NOW, 60) });
    await session(userId, 'expired-past', { expiresAt: edge(r.sessions, -1) });
    await session(userId, 'expired-inside', { expiresAt: edge(r.sessions, 1) });
    await session(userId, 'revoked-now', { revokedAt: NOW, expiresAt: later(NOW, 60) });

    // Single-use tokens: the retention runs from use or from expiry, whichever came first.
    const tokenCases = (days: number) => [
      { name: 'live', expiresAt: later(NOW, 30), usedAt: null },
      { name: 'used-past', expiresAt: edge(days, 23 * 60), usedAt: edge(days, -1) },
      { name: 'used-inside', expiresAt: edge(days, 30), usedAt: edge(days, 1) },
      { name: 'expired-past', expiresAt: edge(days, -1), usedAt: null },
      { name: 'expired-inside', expiresAt: edge(days, 1), usedAt: null },
    ];
    // The columns every single-use row has, made long ago.
    const singleUse = (t: { expiresAt: Date; usedAt: Date | null }) => ({
      userId,
      expiresAt: t.expiresAt,
      usedAt: t.usedAt,
      createdAt: edge(400, 0),
    });
    for (const t of tokenCases(r.emailTokens))
      await db.insert(emailTokens).values({ tokenHash: t.name, purpose: 'reset', ...singleUse(t) });
    for (const t of tokenCases(r.rememberTokens))
      await db.insert(rememberTokens).values({ tokenHash: t.name, ...singleUse(t) });
    for (const t of tokenCases(r.discordStates))
      await db.insert(discordStates).values({ stateHash: t.name, ...singleUse(t) });

    // Records: the retention runs from when they were written.
    const mail = (name: string, createdAt: Date) =>
      db.insert(outbox).values({
        id: randomUUID(),
        to: `${name}@example.com`,
        subject: name,
        text: '',
        html: '',
        createdAt,
      });
    await mail('past', edge(r.outbox, -1));
    await mail('inside', edge(r.outbox, 1));
    await mail('new', NOW);
    for (const [id, at] of [
      ['evt-past', edge(r.paymentEvents, -1)],
      ['evt-inside', edge(r.paymentEvents, 1)],
    ] as const)
      await db.insert(paymentEvents).values({ id, provider: 'demo', type: 'invoice.paid', receivedAt: at });
    for (const [target, at] of [
      ['past', edge(r.adminAudit, -1)],
      ['inside', edge(r.adminAudit, 1)],
    ] as const)
      await db.insert(adminAudit).values({
        id: randomUUID(),
        adminEmail: 'admin@example.com',
        action: 'grant',
        target,
        ok: true,
        result: 'ok',
        at,
      });
    // Checkouts: expired or complete ones, 30 days after they were opened; an open one stays.
    const checkout = (id: string, status: 'open' | 'complete' | 'expired', createdAt: Date) =>
      db.insert(paymentCheckouts).values({
        id,
        provider: 'demo',
        userId,
        priceId: 'price',
        url: `https://pay.example/${id}`,
        status,
        expiresAt: later(createdAt, 24 * 60),
        createdAt,
      });
    await checkout('complete-past', 'complete', edge(r.paymentCheckouts, -1));
    await checkout('expired-past', 'expired', edge(r.paymentCheckouts, -1));
    await checkout('complete-inside', 'complete', edge(r.paymentCheckouts, 1));
    await checkout('expired-inside', 'expired', edge(r.paymentCheckouts, 1));
    await checkout('open-old', 'open', edge(r.paymentCheckouts, -60));

    // Freshness samples: 7 days after their dump's Last-Modified; two realms share the stamp past it.
    const sample = (realmId: number, lastModified: Date) =>
      db.insert(freshnessSamples).values({ region: 'us', realmId, lastModified, publishedAt: lastModified });
    await sample(1, edge(r.freshnessSamples, -1));
    await sample(2, edge(r.freshnessSamples, -1));
    await sample(1, edge(r.freshnessSamples, 1));

    // Routes sent in alerts: 14 days after they were sent.
    const sent = (fingerprint: string, sentAt: Date) =>
      db.insert(alertSentRoutes).values({ userId, destination: 'dm', fingerprint, sentAt });
    await sent('sent-past', edge(r.alertSentRoutes, -1));
    await sent('sent-inside', edge(r.alertSentRoutes, 1));

    const purge = createPurge({ db, clock, log });
    expect(await purge.run()).toEqual({
      sessions: 2,
      usedRefreshTokens: 3,
      emailTokens: 2,
      rememberTokens: 2,
      discordStates: 2,
      outbox: 1,
      paymentEvents: 1,
      adminAudit: 1,
      paymentCheckouts: 2,
      freshnessSamples: 2,
      alertSentRoutes: 1,
    });

    const kept = ['expired-inside', 'live', 'used-inside'];
    expect(await names(db.select().from(sessions), (s) => s.refreshTokenHash)).toEqual([
      'current-expired-inside',
      'current-live-old',
      'current-revoked-inside',
      'current-revoked-now',
    ]);
    expect(await names(db.select().from(usedRefreshTokens), (t) => t.tokenHash)).toEqual([
      'used-expired-inside-0',
      'used-live-old-0',
      'used-live-old-1',
      'used-live-old-2',
      'used-revoked-inside-0',
      'used-revoked-now-0',
    ]);
    expect(await names(db.select().from(emailTokens), (t) => t.tokenHash)).toEqual(kept);
    expect(await names(db.select().from(rememberTokens), (t) => t.tokenHash)).toEqual(kept);
    expect(await names(db.select().from(discordStates), (t) => t.stateHash)).toEqual(kept);
    expect(await names(db.select().from(outbox), (m) => m.subject)).toEqual(['inside', 'new']);
    expect(await names(db.select().from(paymentEvents), (e) => e.id)).toEqual(['evt-inside']);
    expect(await names(db.select().from(adminAudit), (a) => a.target)).toEqual(['inside']);
    expect(await names(db.select().from(paymentCheckouts), (c) => c.id)).toEqual([
      'complete-inside',
      'expired-inside',
      'open-old',
    ]);
    expect(await db.select().from(freshnessSamples)).toMatchObject([
      { realmId: 1, lastModified: edge(r.freshnessSamples, 1) },
    ]);
    expect(await names(db.select().from(alertSentRoutes), (s) => s.fingerprint)).toEqual(['sent-inside']);

    // Nothing more is due: a second run deletes nothing.
    expect(Object.values(await purge.run()).every((n) => n === 0)).toBe(true);
  });

  it('works through a backlog larger than one batch', async () => {
    const userId = await newUser();
    for (let i = 0; i < 5; i++)
      await session(userId, `ended-${i}`, {
        expiresAt: edge(RETENTION_DAYS.sessions, -10 - i),
        usedTokens: 2,
      });
    await session(userId, 'live', { expiresAt: later(NOW, 60) });
    for (let i = 0; i < 7; i++)
      await db.insert(emailTokens).values({
        tokenHash: `old-${i}`,
        userId,
        purpose: 'confirm',
        expiresAt: edge(RETENTION_DAYS.emailTokens, -10 - i),
      });
    const counts = await createPurge({ db, clock, log, batchSize: 2 }).run();
    expect(counts).toMatchObject({ sessions: 5, usedRefreshTokens: 10, emailTokens: 7 });
    expect(await names(db.select().from(sessions), (s) => s.refreshTokenHash)).toEqual(['current-live']);
    expect(await db.select().from(emailTokens)).toEqual([]);
  });

  it('is described for the scheduler as a 6-hourly job', () => {
    expect(PURGE_JOB).toEqual({ name: 'purge', everyMs: 6 * 3_600_000 });
  });
});
