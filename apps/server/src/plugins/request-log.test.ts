import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { STRONG_PASSWORD, startHarness, type Harness } from '../test-support/accounts';
import { linkIn } from '../test-support/smtp-sink';
import { REDACTED, redactUrl } from './request-log';

describe('redactUrl', () => {
  it.each([
    ['/shared/users/confirm/AbC_-123', `/shared/users/confirm/${REDACTED}`],
    ['/shared/users/reset-password/tok', `/shared/users/reset-password/${REDACTED}`],
    ['/reset-password/tok?x=1', `/reset-password/${REDACTED}?x=1`],
    ['/demo-checkout/cs_demo_abc/pay', `/demo-checkout/${REDACTED}/pay`],
    [
      '/auth/discord/callback?code=secret&state=s2',
      `/auth/discord/callback?code=${REDACTED}&state=${REDACTED}`,
    ],
    [
      '/subscription?checkout_success=true&session_id=cs_1',
      `/subscription?checkout_success=true&session_id=${REDACTED}`,
    ],
    [`/anything/${'x'.repeat(43)}`, `/anything/${REDACTED}`],
    // Ids and ordinary paths stay readable.
    [
      '/shared/admin/add-subscription-time/8f2c9a7e-1b2c-4d5e-8f90-123456789abc/basic/3',
      '/shared/admin/add-subscription-time/8f2c9a7e-1b2c-4d5e-8f90-123456789abc/basic/3',
    ],
    ['/retail/market/ah-data-undercut/us', '/retail/market/ah-data-undercut/us'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('no secret reaches a log line', () => {
  const lines: string[] = [];
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => h.close());

  it('register, confirm, forgot, reset, login and refresh at debug level log no token, password or hash', async () => {
    const email = 'logged@example.com';
    const secrets: string[] = [STRONG_PASSWORD];
    await h.api.post('/shared/users/register', { email, password: STRONG_PASSWORD });
    const confirm =
      h
        .pathOf(linkIn(await h.smtp.waitFor(email), h.app.config.publicUrl))
        .split('/')
        .pop() ?? '';
    secrets.push(confirm);
    expect((await h.api.get(`/shared/users/confirm/${confirm}`)).status).toBe(200);
    await h.api.post('/shared/users/forgot-password', { email });
    const reset =
      h
        .pathOf(linkIn(await h.smtp.waitFor(email, 2), h.app.config.publicUrl))
        .split('/')
        .pop() ?? '';
    const newPassword = 'Another#Secret9';
    secrets.push(reset, newPassword);
    expect((await h.api.post(`/shared/users/reset-password/${reset}`, { newPassword })).status).toBe(200);
    const login = await h.api.post<{ accessToken: string; refreshToken: string }>('/shared/users/login', {
      email,
      password: newPassword,
      rememberMe: true,
    });
    expect(login.status).toBe(200);
    const refreshed = await h.api.post<{ accessToken: string; refreshToken: string }>(
      '/shared/users/refresh-token',
      { refreshToken: login.body.refreshToken },
    );
    expect(refreshed.status).toBe(200);
    await h.api.get('/shared/users/profile', { token: refreshed.body.accessToken });
    secrets.push(
      login.body.accessToken,
      login.body.refreshToken,
      refreshed.body.accessToken,
      refreshed.body.refreshToken,
    );
    const [row] = await h.app.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    secrets.push(row?.hash ?? 'no hash');
    // The log did record the journey: one line per request, with the redacted paths.
    const log = lines.join('');
    expect(log).toContain(`/shared/users/confirm/${REDACTED}`);
    expect(log).toContain(`/shared/users/reset-password/${REDACTED}`);
    for (const secret of secrets)
      expect(log.includes(secret), `a secret of ${secret.length} characters`).toBe(false);
  });

  it('records who logged in or failed, from where, without the e-mail; a reused refresh token is a warning', async () => {
    const email = 'trail@example.com';
    const userId = (await h.signUp(email)).user.id;
    lines.length = 0;
    await h.api.post('/shared/users/login', { email, password: 'Not#ThePassword1' });
    const login = await h.api.post<{ refreshToken: string }>('/shared/users/login', {
      email,
      password: STRONG_PASSWORD,
    });
    const spent = login.body.refreshToken;
    expect((await h.api.post('/shared/users/refresh-token', { refreshToken: spent })).status).toBe(200);
    expect((await h.api.post('/shared/users/refresh-token', { refreshToken: spent })).status).toBe(401);

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = entries.find((e) => e.event === 'login-failed');
    const succeeded = entries.find((e) => e.event === 'login');
    expect(failed).toMatchObject({ level: 30, account: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(succeeded).toMatchObject({ account: failed?.account, user: userId });
    expect(entries.find((e) => e.event === 'refresh-reused')).toMatchObject({ level: 40 });
    // Each request line names the caller's address, and the user once the call was authenticated.
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const r of requests) expect(r.ip).toBe('127.0.0.1');
    expect(lines.join('')).not.toContain(email);
  });
});
