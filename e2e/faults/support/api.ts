// Plain JSON calls to a server process, each with a deadline, so a hang is measured rather than waited out.
import { randomUUID } from 'node:crypto';

export interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
  /** Set when the call did not complete (no answer within the deadline, or the connection failed). */
  failure?: string;
}

export const CALL_DEADLINE_MS = 20_000;

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; deadlineMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.deadlineMs ?? CALL_DEADLINE_MS),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { text: text.slice(0, 200) };
    }
    return { status: res.status, ms: performance.now() - started, body };
  } catch (err) {
    return { status: 0, ms: performance.now() - started, body: {}, failure: String(err) };
  }
}

export const STRONG_PASSWORD = 'GoldRoute#2026-faults';

export interface Account {
  email: string;
  password: string;
  userId: string;
  token: string;
  refreshToken: string;
}

/** Logs in; throws unless it succeeds. */
export async function login(baseUrl: string, email: string, password: string): Promise<Account> {
  const answer = await call(baseUrl, 'POST', '/shared/users/login', { body: { email, password } });
  if (answer.status !== 200)
    throw new Error(`login of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const user = answer.body.user as { id: string };
  return {
    email,
    password,
    userId: user.id,
    token: String(answer.body.accessToken),
    refreshToken: String(answer.body.refreshToken),
  };
}

/**
 * A new account through the API (register, then the confirmation link from the outbox table, read
 * directly from the database), with a year of subscription time written straight into the database when
 * `subscriber` (as an admin grant would).
 */
export async function signUp(
  baseUrl: string,
  query: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>,
  options: { subscriber: boolean; label: string },
): Promise<Account> {
  const email = `${options.label}-${randomUUID().slice(0, 8)}@faults.test`;
  const registered = await call(baseUrl, 'POST', '/shared/users/register', {
    body: { email, password: STRONG_PASSWORD },
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const [mail] = await query(`select text from outbox where "to" = $1 order by created_at desc limit 1`, [
    email,
  ]);
  const token = /\/confirm-email\/([\w-]+)/.exec(String(mail?.text ?? ''))?.[1];
  if (!token) throw new Error(`no confirmation link for ${email} in the outbox`);
  const confirmed = await call(baseUrl, 'GET', `/shared/users/confirm/${token}`);
  if (confirmed.status !== 200)
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const account = await login(baseUrl, email, STRONG_PASSWORD);
  if (options.subscriber) {
    await query(
      `insert into subscriptions (id, user_id, source, type, starts_at, expires_at)
       values ($1, $2, 'gold', 'premium', now(), now() + interval '365 days')`,
      [randomUUID(), account.userId],
    );
  }
  return account;
}
