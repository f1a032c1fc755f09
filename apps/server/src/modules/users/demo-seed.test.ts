import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { apiClient } from '../../test-support/http';
import { DEMO_ADMIN_EMAIL, DEMO_SUBSCRIBER_EMAIL, seedDemoAccounts } from './demo-seed';
import { systemClock } from '../../lib/clock';

/** The log lines of an app started with `env` and closed again. */
async function startupLog(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const app = await startTestApp(env, { logStream: { write: (line) => void lines.push(line) } });
  await app.close();
  return lines;
}

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

  it('a request through a proxy gets the wrong-password answer for a demo account, even with its password', async () => {
    const passwordOf = (line: string | undefined) => line?.split(' ').at(-1) ?? '';
    const login = (body: object, headers: Record<string, string> = {}) =>
      fetch(`${app.baseUrl}/shared/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
    const admin = { email: DEMO_ADMIN_EMAIL, password: passwordOf(lines[0]) };
    const wrongPassword = await login({ ...admin, password: 'Wrong#Password1' });
    expect(wrongPassword).toEqual({ status: 401, body: { error: 'Invalid email or password' } });
    const proxiedHeaders: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
    ];
    for (const proxied of proxiedHeaders) {
      expect(await login(admin, proxied), JSON.stringify(proxied)).toEqual(wrongPassword);
      const subscriber = { email: DEMO_SUBSCRIBER_EMAIL, password: passwordOf(lines[1]) };
      expect(await login(subscriber, proxied)).toEqual(wrongPassword);
    }
    // An ordinary account logs in through the proxy as ever, and the demo admin from this machine.
    const ordinary = { email: 'proxied@example.com', password: 'GoldRoute#2026' };
    await app.database.db.insert(users).values({
      id: randomUUID(),
      email: ordinary.email,
      role: 'user',
      passwordHash: await hashPassword(ordinary.password),
      emailConfirmedAt: new Date(),
    });
    expect((await login(ordinary, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    expect((await login(admin)).status).toBe(200);
  });

  it('seeds only on the embedded database, on a loopback address, outside production, and says why not', async () => {
    const { loadConfig } = await import('../../config');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      PAYMENT_PROVIDER: 'demo',
      ALLOW_DEMO_PAYMENTS: 'true',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://goldroute.example',
    };
    expect(loadConfig(production).demoAccounts).toEqual({ seed: false, reason: 'NODE_ENV=production' });
    expect(loadConfig({ ...production, SEED_DEMO_ACCOUNTS: 'true' }).demoAccounts.seed).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/d', SEED_DEMO_ACCOUNTS: 'true' }).demoAccounts).toEqual(
      {
        seed: false,
        reason: 'DATABASE_URL is set (demo accounts only go into the embedded database)',
      },
    );
    // Listening beyond this machine (the default in a container), anybody could log in with them.
    expect(loadConfig({ HOST: '0.0.0.0' }).demoAccounts).toEqual({
      seed: false,
      reason: 'HOST=0.0.0.0 is not a loopback address: others can reach this server',
    });
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO_ACCOUNTS: 'true' }).demoAccounts.seed).toBe(false);
    expect(loadConfig({}).demoAccounts).toEqual({ seed: true });
    expect(loadConfig({ HOST: '::1' }).demoAccounts).toEqual({ seed: true });
  });

  it('a start that does not seed says why in the log', async () => {
    const lines = await startupLog({ HOST: '0.0.0.0', NODE_ENV: 'development', LOG_LEVEL: 'info' });
    // On the PostgreSQL run of the suite DATABASE_URL is set too, and that reason is given first.
    expect(lines.join('')).toMatch(
      /demo accounts not seeded: (HOST=0\.0\.0\.0 is not a loopback address|DATABASE_URL is set)/,
    );
    expect(lines.join('')).not.toMatch(/demo (admin|subscriber): /);
  });

  it('behind a local reverse proxy (loopback HOST, public PUBLIC_URL) nothing is seeded and no password is logged', async () => {
    const lines = await startupLog({
      NODE_ENV: 'development',
      PUBLIC_URL: 'https://goldroute.example',
      LOG_LEVEL: 'info',
    });
    expect(lines.join('')).toMatch(
      /demo accounts not seeded: (PUBLIC_URL=https:\/\/goldroute\.example is not a loopback address|DATABASE_URL is set)/,
    );
    expect(lines.join('')).not.toMatch(/demo (admin|subscriber): /);
  });
});
