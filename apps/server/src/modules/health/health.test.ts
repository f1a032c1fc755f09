import { ACCESS } from '@goldroute/domain';
import { adminReadinessResponseSchema, type AdminReadinessResponse } from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_BILLING_EVERY_MS } from '../payments/payments-runtime';
import { STRONG_PASSWORD, startHarness, type Harness } from '../../test-support/accounts';
import { openTestDatabase } from '../../test-support/test-database';

// Readiness over real HTTP: the public probe says ready or not, nothing else; the admin call says why,
// with every job the deployment defines (this app: the demo billing every minute, the purge every 6 hours).
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let h: Harness;
let admin: { accessToken: string; user: { id: string } };
let plain: { accessToken: string };
let databaseClosed = false;

beforeAll(async () => {
  db = await openTestDatabase();
  h = await startHarness({}, { database: db.database });
  admin = await h.signUp('readiness-admin@example.com');
  await db.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  plain = await h.signUp('readiness-user@example.com');
});
afterAll(async () => {
  await h.close();
  if (!databaseClosed) await db.close();
});

const readyz = async () => {
  const res = await h.api.get('/readyz');
  return { status: res.status, body: res.body };
};
const details = async () => {
  const res = await h.api.get<AdminReadinessResponse>('/shared/admin/readiness', {
    token: admin.accessToken,
  });
  expect(res.status).toBe(200);
  return adminReadinessResponseSchema.parse(res.body);
};
const job = (report: AdminReadinessResponse, name: string) => report.jobs.find((j) => j.name === name);

describe('GET /readyz and GET /shared/admin/readiness', () => {
  it('a fresh deployment is ready at once, and the public answer says only that', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('the details are admin-only: 401 without a token, 403 for a user', async () => {
    expect((await h.api.get('/shared/admin/readiness')).status).toBe(401);
    const refused = await h.api.get('/shared/admin/readiness', { token: plain.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: ACCESS.adminOnly });
  });

  it('the admin sees every job with its period and last run, one that never ran included', async () => {
    await expect.poll(async () => job(await details(), 'demo-billing')?.state).toBe('ok');
    const report = await details();
    expect(report).toMatchObject({
      status: 'ready',
      database: h.app.database.kind,
      databaseReachable: true,
      reasons: [],
    });
    expect(report.answeredBy).toMatch(/:\d+$/);
    expect(report.jobs.map((j) => j.name)).toEqual(['demo-billing', 'purge']);
    expect(job(report, 'demo-billing')).toMatchObject({
      everyMs: DEMO_BILLING_EVERY_MS,
      overdue: false,
      state: 'ok',
      runs: 1,
      lastError: null,
    });
    expect(job(report, 'demo-billing')?.ranBy).toMatch(/:\d+$/);
    expect(job(report, 'purge')).toEqual({
      name: 'purge',
      everyMs: 6 * 3_600_000,
      overdue: false,
      lastRunAt: null,
      durationMs: null,
      state: null,
      runs: null,
      failures: null,
      lastError: null,
      lastErrorAt: null,
      ranBy: null,
    });
  });

  it('a job whose last run started more than twice its period ago makes the process not ready', async () => {
    // The demo billing last ran at start; 3 minutes later (every minute) it is overdue.
    h.clock.advanceMinutes(3);
    expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready' } });
    const report = await details();
    expect(report.status).toBe('not ready');
    expect(job(report, 'demo-billing')?.overdue).toBe(true);
    expect(job(report, 'purge')?.overdue).toBe(false);
    expect(report.reasons).toEqual([
      'job demo-billing overdue: its last run started 3 min ago (it runs every 60 s)',
    ]);
  });

  it('a job that never ran is counted from the process start', async () => {
    h.clock.advanceMinutes(13 * 60);
    // The admin's access token has expired by then: logged in again.
    const login = await h.api.post<{ accessToken: string }>('/shared/users/login', {
      email: 'readiness-admin@example.com',
      password: STRONG_PASSWORD,
    });
    admin.accessToken = login.body.accessToken;
    const report = await details();
    expect(job(report, 'purge')?.overdue).toBe(true);
    expect(report.reasons).toContain(
      'job purge overdue: it has not run in the 13 h since this process started (it runs every 6 h)',
    );
  });

  it('a database that does not answer makes the process not ready', async () => {
    await db.close();
    databaseClosed = true;
    expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready' } });
  });
});
