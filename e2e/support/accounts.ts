import type { TestApp } from '@goldroute/server/test-support';
import { startTestApp } from '@goldroute/server/test-support';
// The server's own loopback test helpers (not part of its package exports): a real SMTP server, the
// movable clock, and the demo-account seed of the embedded default.
import { systemClock } from '../../apps/server/src/lib/clock';
import { seedDemoAccounts } from '../../apps/server/src/modules/users/demo-seed';
import { linkIn, startSmtpSink, type ReceivedMail } from '../../apps/server/src/test-support/smtp-sink';
import { createTestClock } from '../../apps/server/src/test-support/test-clock';

/** Links in e-mails point here; journeys open their path on the app's real (loopback) address. */
export const MAIL_PUBLIC_URL = 'http://goldroute.test';

export interface AccountsHarness {
  app: TestApp;
  clock: ReturnType<typeof createTestClock>;
  /** Waits for the count-th mail to `to` and returns the app-relative path of its link. */
  linkFromMail(to: string, count?: number): Promise<string>;
  mails: ReceivedMail[];
  /** Seeds the demo admin and subscriber and returns their passwords, as the first start prints them. */
  seedDemoAccounts(): Promise<{ admin: Credentials; subscriber: Credentials }>;
  close(): Promise<void>;
}

export interface Credentials {
  email: string;
  password: string;
}

/** The real server and built web app, sending mail over SMTP to a sink on loopback, with a movable clock. */
export async function startAccountsHarness(env: Record<string, string> = {}): Promise<AccountsHarness> {
  const smtp = await startSmtpSink();
  const clock = createTestClock();
  const app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: MAIL_PUBLIC_URL, ...env }, { clock });
  return {
    app,
    clock,
    mails: smtp.messages,
    async linkFromMail(to, count = 1) {
      const link = linkIn(await smtp.waitFor(to, count), MAIL_PUBLIC_URL);
      return link.slice(MAIL_PUBLIC_URL.length);
    },
    seedDemoAccounts: () => seedDemoCredentials(app),
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

/**
 * Seeds the demo admin and subscriber into the app's database and returns their passwords, read from the
 * "demo <label>: <email> <password>" lines the first start prints.
 */
export async function seedDemoCredentials(
  app: TestApp,
): Promise<{ admin: Credentials; subscriber: Credentials }> {
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line) } as unknown as Parameters<
    typeof seedDemoAccounts
  >[2];
  await seedDemoAccounts(app.database.db, systemClock, log);
  const parse = (label: string): Credentials => {
    const line = lines.find((l) => l.startsWith(`demo ${label}: `));
    const [, , email = '', password = ''] = line?.split(' ') ?? [];
    if (!email || !password) throw new Error(`no "demo ${label}" line in ${JSON.stringify(lines)}`);
    return { email, password };
  };
  return { admin: parse('admin'), subscriber: parse('subscriber') };
}
