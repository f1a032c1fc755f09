import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { apiClient } from '../../test-support/http';
import { DEMO_ADMIN_EMAIL, DEMO_SUBSCRIBER_EMAIL, seedDemoAccounts } from './demo-seed';
import { systemClock } from '../../lib/clock';

describe('demo accounts of the embedded default', () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await startTestApp();
    const log = { info: (msg: string) => lines.push(msg) } as unknown as Parameters<
      typeof seedDemoAccounts
    >[2];
    await seedDemoAccounts(app.database.db, systemClock, log);
    await seedDemoAccounts(app.database.db, systemClock, log);
  });
  afterAll(() => app.close());

  it('prints each password once, as "demo admin: <email> <password>"', () => {
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^demo admin: ${DEMO_ADMIN_EMAIL} \\S{16,}$`));
    expect(lines[1]).toMatch(new RegExp(`^demo subscriber: ${DEMO_SUBSCRIBER_EMAIL} \\S{16,}$`));
  });

  it('the subscriber logs in with a year of gold time; the admin has the admin role', async () => {
    const api = apiClient(app.baseUrl);
    const passwordOf = (line: string | undefined) => line?.split(' ').at(-1) ?? '';
    const sub = await api.post<{ user: { hasAccess: boolean; goldSubscription: { expiration: number } } }>(
      '/shared/users/login',
      { email: DEMO_SUBSCRIBER_EMAIL, password: passwordOf(lines[1]) },
    );
    expect(sub.status).toBe(200);
    expect(sub.body.user.hasAccess).toBe(true);
    const days = (sub.body.user.goldSubscription.expiration * 1000 - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    const admin = await api.post<{ user: { role: string } }>('/shared/users/login', {
      email: DEMO_ADMIN_EMAIL,
      password: passwordOf(lines[0]),
    });
    expect(admin.status).toBe(200);
    expect(admin.body.user.role).toBe('admin');
  });

  it('is never on in production or on a configured database', async () => {
    const { loadConfig } = await import('../../config');
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'demo' })
        .seedDemoAccounts,
    ).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/d' }).seedDemoAccounts).toBe(false);
    expect(loadConfig({}).seedDemoAccounts).toBe(true);
  });
});
