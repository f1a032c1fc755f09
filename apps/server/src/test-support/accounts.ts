import { randomUUID } from 'node:crypto';
import type { BuildOptions } from '../app';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';
import { startSmtpSink, linkIn } from './smtp-sink';
import { createTestClock, type TestClock } from './test-clock';
import { startTestApp, type TestApp } from './test-app';
import { apiClient } from './http';

export const STRONG_PASSWORD = 'GoldRoute#2026';

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The real app with mail going to a loopback SMTP server and a movable clock. */
export async function startHarness(env: Record<string, string> = {}, options: BuildOptions = {}) {
  const smtp = await startSmtpSink();
  // A movable clock handed in is the harness's clock too (a test moves the app's time through it).
  const clock =
    options.clock && 'advanceMinutes' in options.clock ? (options.clock as TestClock) : createTestClock();
  const app: TestApp = await startTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://goldroute.test', ...env },
    { clock, ...options },
  );
  const api = apiClient(app.baseUrl);
  const pathOf = (link: string) => link.replace(app.config.publicUrl, '');

  /** Registers, follows the confirmation link from the e-mail, and logs in. */
  async function signUp(email: string, password = STRONG_PASSWORD) {
    await api.post('/shared/users/register', { email, password });
    const mail = await smtp.waitFor(email);
    const token = pathOf(linkIn(mail, app.config.publicUrl)).split('/').pop() ?? '';
    await api.get(`/shared/users/confirm/${token}`);
    const login = await api.post<{
      accessToken: string;
      refreshToken: string;
      tokenId: string;
      user: { id: string };
    }>('/shared/users/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    return login.body;
  }

  return {
    app,
    api,
    smtp,
    clock,
    signUp,
    pathOf,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

/** Thirty days of granted (gold) subscription time from now, so the user has access. */
export async function grantSubscription(db: Db, userId: string): Promise<void> {
  const now = new Date();
  await db.insert(subscriptions).values({
    id: randomUUID(),
    userId,
    source: 'gold',
    type: 'premium',
    startsAt: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
}
