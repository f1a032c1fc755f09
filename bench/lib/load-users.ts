// The simulated users of the load benchmark: how each becomes a subscriber before the timed run (the
// web app's own calls: register, the link of the confirmation mail, login, the demo checkout, saving
// realms), and what each does during it.
import { TRADE_COLUMNS_TYPE } from '@goldroute/domain/wire';
import type { ReceivedMail } from '../../apps/server/src/test-support/smtp-sink';
import { jsonHeaders } from './app-server';
import type { Reply } from './app-server';
import { addressOf, decoded, seededRandom, send, type Recorder, type RoundRobin } from './load-client';

export const REGION = 'us';
export const PASSWORD = 'Load#Bench2026';
/** Realms a user buys from and sells on (the HTTP benchmark's "typical" selection). */
export const REALMS_PER_LIST = 10;

/**
 * What a user does once logged in, one request at a time (one browser tab): each call again after its
 * period, jittered uniformly between 0.5x and 1.5x. Much busier than the web app's own cadence (timer
 * every 60 s, token every 15 minutes, SPEC §9), so each simulated user stands for several real ones.
 */
export const MODEL = [
  { name: 'timer', everyS: 5 },
  { name: 'token', everyS: 10 },
  { name: 'flipping', everyS: 20 },
  { name: 'favourite', everyS: 15 },
  { name: 'settings', everyS: 30 },
] as const;

export type CallName = 'login' | (typeof MODEL)[number]['name'];

export const CALLS: readonly { name: CallName; route: string }[] = [
  { name: 'login', route: 'POST /shared/users/login' },
  { name: 'timer', route: `GET /shared/data/timer/${REGION}` },
  { name: 'token', route: `GET /shared/data/token/${REGION}` },
  { name: 'flipping', route: `POST /retail/market/ah-data-undercut/${REGION}` },
  { name: 'favourite', route: 'POST /shared/users/favorites' },
  { name: 'settings', route: 'PUT /shared/users/settings' },
];

interface Selection {
  buying: number[];
  selling: number[];
}

export interface LoadUser {
  index: number;
  email: string;
  address: string;
  /** The two realm selections the user switches between when saving settings. */
  selections: [Selection, Selection];
  /** Which of them is saved now. */
  saved: 0 | 1;
  /** The item the user stars and unstars. */
  favourite: string;
  starred: boolean;
}

interface UserView {
  id: string;
  hasAccess: boolean;
  retailBuyingRealmsUS: number[];
  retailSellingRealmsUS: number[];
}

/** A setup step answered something else than expected: the call, status and body say what. */
export class StepError extends Error {
  constructor(step: string, status: number, body: Buffer | string) {
    super(`${step} answered ${status}: ${body.toString().slice(0, 500)}`);
    this.name = 'StepError';
  }
}

function picks(random: () => number, ids: readonly number[], n: number): number[] {
  const pool = [...ids];
  const out: number[] = [];
  while (out.length < n && pool.length > 0) out.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return out.sort((a, b) => a - b);
}

/** The users, their addresses and realm selections; `runId` keeps e-mails unique across runs. */
export function makeUsers(count: number, realmIds: readonly number[], runId: string): LoadUser[] {
  const random = seededRandom(14);
  return Array.from({ length: count }, (_, index) => {
    const buying = picks(random, realmIds, REALMS_PER_LIST);
    const selling = picks(random, realmIds, REALMS_PER_LIST);
    // The other selection swaps one buying realm: saving it changes what the next flipping load computes.
    const spare = realmIds.find((id) => !buying.includes(id)) ?? buying[0] ?? 0;
    const other = [...buying.slice(1), spare].sort((a, b) => a - b);
    return {
      index,
      email: `load-${runId}-${String(index).padStart(4, '0')}@example.com`,
      address: addressOf(index),
      selections: [
        { buying, selling },
        { buying: other, selling },
      ],
      saved: 0,
      favourite: '',
      starred: false,
    };
  });
}

const settingsBody = (s: Selection) =>
  JSON.stringify({
    region: REGION,
    retailBuyingRealmsUS: s.buying.map(String),
    retailSellingRealmsUS: s.selling.map(String),
  });

/** The flipping tool's Accept header (features/market/api.ts). */
const COMPACT_ACCEPT = `${TRADE_COLUMNS_TYPE}, application/json;q=0.9`;

/** The flipping tool's request (features/market/api.ts useFlippingData): saved realms and the user id. */
const flippingBody = (s: Selection, userId: string) =>
  JSON.stringify({ retailBuyingRealms: s.buying, retailSellingRealms: s.selling, userId });

/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

async function expectStatus<R extends { status: number; body: Buffer }>(
  step: string,
  status: number,
  reply: Promise<R>,
): Promise<R> {
  const r = await reply;
  if (r.status !== status) throw new StepError(step, r.status, r.body);
  return r;
}

const json = <T>(reply: Reply): T => JSON.parse(decoded(reply).toString('utf8')) as T;

/** Where the app's mail arrives: the benchmark's loopback SMTP sink (test-support/smtp-sink.ts). */
export interface Inbox {
  /** The first mail to `to`, once it has arrived (the app sends it right after the request). */
  waitFor(to: string): Promise<ReceivedMail>;
}

/** The token in the link of the user's confirmation mail. */
async function confirmationToken(inbox: Inbox, u: LoadUser): Promise<string> {
  const mail = await inbox.waitFor(u.email);
  const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in the mail to ${u.email}`);
  return token;
}

/**
 * The `Cookie` header a browser sends to `path` after the checkout answer `reply`: the demo checkout
 * answers only the browser holding the cookie the checkout call set for that checkout's page.
 */
function checkoutCookie(reply: Reply, path: string): string {
  const lines = [reply.headers['set-cookie'] ?? []].flat();
  const line = lines.find((l) => {
    const at = /;\s*path=([^;]+)/i.exec(l)?.[1];
    return at !== undefined && (path === at || path.startsWith(`${at}/`));
  });
  if (!line) throw new Error(`the checkout call set no cookie for ${path}: ${lines.join(' | ')}`);
  return line.split(';')[0] ?? '';
}

/** Logs `u` in through the next front (200 expected); the login answer. */
function logIn(front: RoundRobin, u: LoadUser, withJson: Record<string, string>): Promise<Reply> {
  return expectStatus(
    'POST /shared/users/login',
    200,
    send(
      front.next(),
      'POST',
      '/shared/users/login',
      withJson,
      JSON.stringify({ email: u.email, password: PASSWORD }),
    ),
  );
}

/**
 * Makes `u` a subscriber the way the web app does: register, open the link of the confirmation mail,
 * log in, check out the plan with the demo provider and pay (with the checkout's cookie, from its own
 * page), sync the checkout on the way back, and save the realm selection. Outside the timed run.
 */
export async function setUpUser(
  front: RoundRobin,
  inbox: Inbox,
  u: LoadUser,
  priceId: string,
): Promise<void> {
  const base = { 'x-forwarded-for': u.address };
  const withJson = { ...base, ...jsonHeaders };
  await expectStatus(
    'POST /shared/users/register',
    201,
    send(
      front.next(),
      'POST',
      '/shared/users/register',
      withJson,
      JSON.stringify({ email: u.email, password: PASSWORD }),
    ),
  );
  const token = await confirmationToken(inbox, u);
  await expectStatus(
    'GET /shared/users/confirm/:token',
    200,
    send(front.next(), 'GET', `/shared/users/confirm/${token}`, base),
  );
  const login = await logIn(front, u, withJson);
  const signedIn = {
    ...withJson,
    authorization: `Bearer ${json<{ accessToken: string }>(login).accessToken}`,
  };
  const checkout = await expectStatus(
    'POST /shared/payments/checkout',
    200,
    send(front.next(), 'POST', '/shared/payments/checkout', signedIn, JSON.stringify({ priceId })),
  );
  const sessionUrl = json<{ paymentSessionUrl: string }>(checkout).paymentSessionUrl;
  const payPath = `${new URL(sessionUrl, 'http://x').pathname}/pay`;
  // The Pay button's form post from the checkout page, with the page's cookie, as a browser sends it.
  const paid = await expectStatus(
    'POST /demo-checkout/:id/pay',
    303,
    send(front.next(), 'POST', payPath, {
      ...base,
      'content-type': 'application/x-www-form-urlencoded',
      cookie: checkoutCookie(checkout, payPath),
      'sec-fetch-site': 'same-origin',
    }),
  );
  const landing = new URL(String(paid.headers.location ?? ''), 'http://x');
  const sessionId = landing.searchParams.get('session_id');
  if (!sessionId) throw new Error(`the demo checkout sent ${u.email} to ${landing.href}`);
  await expectStatus(
    'POST /shared/payments/sync-checkout',
    200,
    send(front.next(), 'POST', '/shared/payments/sync-checkout', signedIn, JSON.stringify({ sessionId })),
  );
  const saved = await expectStatus(
    'PUT /shared/users/settings',
    200,
    send(front.next(), 'PUT', '/shared/users/settings', signedIn, settingsBody(u.selections[0])),
  );
  if (!json<{ user: UserView }>(saved).user.hasAccess)
    throw new Error(`${u.email} has no access after paying`);
}

/** Item keys from one flipping answer of `u` (logged in here), for the users to star. */
export async function favouriteKeys(front: RoundRobin, u: LoadUser, count: number): Promise<string[]> {
  const withJson = { 'x-forwarded-for': u.address, ...jsonHeaders };
  const login = await logIn(front, u, withJson);
  const { accessToken, user } = json<{ accessToken: string; user: UserView }>(login);
  const answer = await expectStatus(
    'POST ah-data-undercut',
    200,
    send(
      front.next(),
      'POST',
      `/retail/market/ah-data-undercut/${REGION}`,
      { ...withJson, authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' },
      flippingBody(u.selections[0], user.id),
    ),
  );
  const items = json<{ data: { items: { uniqueItemKey: string }[] } }>(answer).data.items;
  const keys = [...new Set(items.map((i) => i.uniqueItemKey))].slice(0, count);
  if (keys.length === 0) throw new Error('the flipping answer used for the favourites has no rows');
  return keys;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * One user's timed session: waits for its arrival time, logs in (a real argon2id check), opens the
 * flipping tool (timer, token, flipping answer) and then follows MODEL until `deadline` (performance.now()
 * time). Token polls send If-None-Match with the ETag of the last answer, as the browser's cache does.
 */
export async function runUser(
  front: RoundRobin,
  u: LoadUser,
  recorder: Recorder,
  arrival: number,
  deadline: number,
): Promise<void> {
  const random = seededRandom(1000 + u.index);
  await sleep(arrival - performance.now());
  if (performance.now() >= deadline) return;
  const base: Record<string, string> = { 'x-forwarded-for': u.address, 'accept-encoding': ACCEPT_ENCODING };
  const etags = new Map<string, string>();

  const timed = async (
    name: CallName,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const port = front.next();
    const t = performance.now();
    try {
      const reply = await send(port, method, path, headers, body);
      const text = () => {
        try {
          return decoded(reply).toString('utf8');
        } catch {
          return reply.body.toString('utf8');
        }
      };
      recorder.record(name, performance.now() - t, reply.status, reply.body.length, text, u.index, port);
      return reply;
    } catch (err) {
      recorder.record(name, performance.now() - t, 0, 0, () => String(err), u.index, port);
      return undefined;
    }
  };

  const login = await timed(
    'login',
    'POST',
    '/shared/users/login',
    { ...base, ...jsonHeaders },
    JSON.stringify({ email: u.email, password: PASSWORD }),
  );
  if (login?.status !== 200) return;
  const { accessToken, user } = json<{ accessToken: string; user: UserView }>(login);
  const signedIn = { ...base, authorization: `Bearer ${accessToken}` };
  // The realms the flipping tool sends are the ones on the user's profile.
  let selection: Selection = { buying: user.retailBuyingRealmsUS, selling: user.retailSellingRealmsUS };

  const poll = async (name: 'timer' | 'token', path: string) => {
    const etag = etags.get(path);
    const reply = await timed(name, 'GET', path, etag ? { ...base, 'if-none-match': etag } : base);
    const next = reply?.headers.etag;
    if (reply?.status === 200 && typeof next === 'string') etags.set(path, next);
  };

  const act: Record<(typeof MODEL)[number]['name'], () => Promise<void>> = {
    timer: () => poll('timer', `/shared/data/timer/${REGION}`),
    token: () => poll('token', `/shared/data/token/${REGION}`),
    flipping: async () => {
      await timed(
        'flipping',
        'POST',
        `/retail/market/ah-data-undercut/${REGION}`,
        // As the web client asks (features/market/api.ts): the compact encoding.
        { ...signedIn, ...jsonHeaders, accept: COMPACT_ACCEPT },
        flippingBody(selection, user.id),
      );
    },
    favourite: async () => {
      const action = u.starred ? 'DELETE' : 'ADD';
      const reply = await timed(
        'favourite',
        'POST',
        '/shared/users/favorites',
        { ...signedIn, ...jsonHeaders },
        JSON.stringify({ uniqueItemKey: u.favourite, action }),
      );
      if (reply?.status === 200) u.starred = !u.starred;
    },
    settings: async () => {
      const other: 0 | 1 = u.saved === 0 ? 1 : 0;
      const reply = await timed(
        'settings',
        'PUT',
        '/shared/users/settings',
        { ...signedIn, ...jsonHeaders },
        settingsBody(u.selections[other]),
      );
      if (reply?.status !== 200) return;
      u.saved = other;
      const saved = json<{ user: UserView }>(reply).user;
      selection = { buying: saved.retailBuyingRealmsUS, selling: saved.retailSellingRealmsUS };
    },
  };

  // The tool page opens: its header polls start and the flipping answer loads.
  await act.timer();
  await act.token();
  await act.flipping();
  const jitter = (everyS: number) => everyS * 1000 * (0.5 + random());
  // The polls and the flipping answer just ran; a star and a save first come at any point of their period.
  const now = performance.now();
  const due = MODEL.map((m) => ({
    ...m,
    at:
      now + (m.name === 'favourite' || m.name === 'settings' ? random() * m.everyS * 1000 : jitter(m.everyS)),
  }));
  for (;;) {
    const next = due.reduce((a, b) => (b.at < a.at ? b : a));
    if (next.at >= deadline) return;
    await sleep(next.at - performance.now());
    await act[next.name]();
    next.at = performance.now() + jitter(next.everyS);
  }
}
