// The embedded default (one process, PGlite on disk in DATA_DIR) and its accounts: the seeded demo
// accounts (passwords from the log) and new ones confirmed through the demo mailbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { call, login, STRONG_PASSWORD, type Account } from './api';
import { afterAll } from 'vitest';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-process';
import { waitUntilServing } from './scaled-set';

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'goldroute-faults-'));

/** The single process on PGlite in `dataDir`, with the demo accounts seeded on its first start. */
export async function startEmbedded(
  name: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const app = await startAppProcess(name, {
    DATA_DIR: dataDir,
    SEED_DEMO_ACCOUNTS: 'true',
    ...env,
  });
  await waitUntilServing(app);
  return app;
}

/** Logs in the demo account whose password the first start printed ("demo subscriber: <email> <password>"). */
export async function demoAccount(app: AppProcess, label: 'admin' | 'subscriber'): Promise<Account> {
  const line = app.logged(new RegExp(`^demo ${label}: `))[0];
  const [, email = '', password = ''] = String(line?.msg ?? '')
    .split(' ')
    .slice(1);
  if (!email) throw new Error(`no demo ${label} in the log of ${app.name}`);
  return login(app.baseUrl, email, password);
}

/** A new account confirmed through /dev/mailbox, with a year of premium granted by `admin`. */
export async function subscriberViaMailbox(app: AppProcess, admin: Account, label: string): Promise<Account> {
  const email = `${label}-${randomUUID().slice(0, 8)}@faults.test`;
  const registered = await call(app.baseUrl, 'POST', '/shared/users/register', {
    body: { email, password: STRONG_PASSWORD },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const mailbox = await fetch(`${app.baseUrl}/dev/mailbox`).then((r) => r.text());
  const id = new RegExp(
    `/dev/mailbox/([0-9a-f-]{36})">[^<]*</a> — to ${email.replace(/[.+]/g, '\\$&')}`,
  ).exec(mailbox)?.[1];
  const mail = await fetch(`${app.baseUrl}/dev/mailbox/${id}`).then((r) => r.text());
  const token = /\/confirm-email\/([\w-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no confirmation mail for ${email} in the demo mailbox`);
  const confirmed = await call(app.baseUrl, 'GET', `/shared/users/confirm/${token}`);
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status}`);
  const account = await login(app.baseUrl, email, STRONG_PASSWORD);
  const granted = await call(
    app.baseUrl,
    'GET',
    `/shared/admin/add-subscription-time/${account.userId}/premium/12`,
    {
      token: admin.token,
    },
  );
  if (granted.status !== 200) throw new Error(`grant: ${granted.status} ${JSON.stringify(granted.body)}`);
  return account;
}

/**
 * A fresh DATA_DIR for the calling describe block and the embedded processes started on it (`started`, in
 * order of start): all stopped, and the directory removed, after its tests.
 */
export function embeddedOnFreshDir(): { started: AppProcess[]; start(name: string): Promise<AppProcess> } {
  const dataDir = newDataDir();
  const started: AppProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((p) => stopAppProcess(p)));
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    started,
    async start(name) {
      const app = await startEmbedded(name, dataDir);
      started.push(app);
      return app;
    },
  };
}
