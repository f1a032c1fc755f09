import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { STRONG_PASSWORD, startHarness, type Harness } from '../../test-support/accounts';
import { linkIn } from '../../test-support/smtp-sink';
import { DEVICE_COOKIE } from './login-device-cookie';
import { LOGIN_THROTTLE, LOGIN_THROTTLE_MESSAGES } from './login-throttle';
import { LOGIN_UNLOCK_MESSAGES } from './login-unlock.service';

// Someone without the password must never keep the owner out of a device the owner has used: wrong passwords
// count per account and device for the owner's browsers (their device cookie), per account and address for
// anything else, and a new device that is refused gets a mailed one-time unlock link. Addresses come through
// one trusted proxy (X-Forwarded-For). With TEST_REDIS_URL set the throttle and the rate limits count in
// Redis, so each run uses addresses and e-mails of its own (the rate limits' keys outlive a run).

const redisUrl = process.env.TEST_REDIS_URL;
const run = randomBytes(4).toString('hex');
const redisPrefix = `goldroute-login-lockout-test-${run}`;
const net = `10.${randomInt(1, 255)}.${randomInt(1, 255)}`;
let hosts = 0;
/** A fresh address for this run. */
const address = () => `${net}.${++hosts}`;
const emailOf = (name: string) => `${name}-${run}@example.com`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness(
    { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
    { redisPrefix },
  );
});
afterAll(async () => {
  await h.close();
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    // This run's own keys: its prefix, and the rate limits' counters of its addresses.
    const keys = [
      ...(await redis.keys(`${redisPrefix}:*`)),
      ...(await redis.keys(`goldroute-rl:*:${net}.*`)),
    ];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

interface Answer {
  status: number;
  body: { error?: string; message?: string };
  retryAfter: number;
}

/** A browser at one address: it keeps the device cookie the server sets, as a real one does. */
function browser(at: string) {
  let device: string | undefined;
  let deviceCookie = '';
  async function call(path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${h.app.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': at,
        ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]?.split('=') ?? [];
      if (name === DEVICE_COOKIE) [device, deviceCookie] = [value, cookie];
    }
    return {
      status: res.status,
      body: (await res.json()) as Answer['body'],
      retryAfter: Number(res.headers.get('retry-after') ?? 0),
    };
  }
  return {
    call,
    login: (email: string, password: string) => call('/shared/users/login', { email, password }),
    unlock: (token: string) => call('/shared/users/unlock-login', { token }),
    get device() {
      return device;
    },
    /** The whole Set-Cookie line of the device cookie last set. */
    get deviceCookie() {
      return deviceCookie;
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** Registers and confirms from `by`'s address, and logs in there once: `by` is then a device the owner used. */
async function signUp(email: string, by: Browser) {
  expect((await by.call('/shared/users/register', { email, password: STRONG_PASSWORD })).status).toBe(201);
  const token = h
    .pathOf(linkIn(await h.smtp.waitFor(email), h.app.config.publicUrl))
    .split('/')
    .pop();
  expect((await by.call(`/shared/users/confirm/${token}`)).status).toBe(200);
  expect((await by.login(email, STRONG_PASSWORD)).status).toBe(200);
}

/** A new account, signed up from its owner's browser at a fresh home address. */
async function ownerSignedUp(name: string) {
  const email = emailOf(name);
  const home = address();
  const ownerBrowser = browser(home);
  await signUp(email, ownerBrowser);
  return { email, home, ownerBrowser };
}

/** `count` wrong passwords from `by`, each answered 401. */
async function guess(email: string, by: Browser, count: number) {
  for (let i = 0; i < count; i++) expect((await by.login(email, `Wrong#${i}aA`)).status).toBe(401);
}

const outboxTo = async (email: string) =>
  h.app.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, email));

const UNLOCK_SUBJECT = 'Unlock logins to your GoldRoute account on a new device';

/** The token of the `n`th mail to `email`, which must be an unlock mail. */
async function unlockTokenFrom(email: string, n: number) {
  const mail = await h.smtp.waitFor(email, n);
  expect(mail.subject).toBe(UNLOCK_SUBJECT);
  const link = linkIn(mail, h.app.config.publicUrl);
  expect(link).toMatch(/^https:\/\/goldroute\.test\/unlock-login\/[A-Za-z0-9_-]{43}$/);
  return link.split('/').pop() ?? '';
}

describe('a stranger behind the owner’s address', () => {
  it('cannot lock out the owner’s browser, whatever the stranger sends', async () => {
    const { email, home: here, ownerBrowser } = await ownerSignedUp('shared-address');
    expect(ownerBrowser.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = ownerBrowser.deviceCookie;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/shared\/users/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '');
    expect(Math.round((expires - h.clock.now().getTime()) / 86_400_000)).toBe(90);

    const stranger = browser(here);
    await guess(email, stranger, LOGIN_THROTTLE.perAccountAndAddress);
    const stopped = await stranger.login(email, STRONG_PASSWORD);
    expect(stopped.status).toBe(429);
    expect(stopped.body.error).toBe(LOGIN_THROTTLE_MESSAGES.address('15 minutes'));
    expect(stopped.retryAfter).toBeGreaterThan(0);

    const owner = await ownerBrowser.login(email, STRONG_PASSWORD);
    expect(owner.status).toBe(200);
  });

  it('leaves the owner’s own browser its own limit: 10 wrong passwords from it make it wait', async () => {
    const { email, home: here, ownerBrowser } = await ownerSignedUp('own-limit');
    await guess(email, ownerBrowser, LOGIN_THROTTLE.perAccountAndDevice);
    const waiting = await ownerBrowser.login(email, STRONG_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.body.error).toBe(LOGIN_THROTTLE_MESSAGES.device('15 minutes'));
    // Someone else at the same address is counted apart: still only told the password is wrong.
    expect((await browser(here).login(email, 'Wrong#aA1')).status).toBe(401);
  });

  it('a password reset from the waiting browser lets it in at once, as its refusal promised', async () => {
    const { email, ownerBrowser } = await ownerSignedUp('reset-unlocks');
    await guess(email, ownerBrowser, LOGIN_THROTTLE.perAccountAndDevice);
    expect((await ownerBrowser.login(email, STRONG_PASSWORD)).status).toBe(429);
    expect((await ownerBrowser.call('/shared/users/forgot-password', { email })).status).toBe(200);
    const token = h
      .pathOf(linkIn(await h.smtp.waitFor(email, 2), h.app.config.publicUrl))
      .split('/')
      .pop();
    const newPassword = `${STRONG_PASSWORD}9`;
    const reset = await ownerBrowser.call(`/shared/users/reset-password/${token}`, { newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: expect.any(String) });
    expect((await ownerBrowser.login(email, newPassword)).status).toBe(200);
  });

  it('a correct password clears that address’s count', async () => {
    const email = emailOf('typo');
    await signUp(email, browser(address()));
    const here = address();
    await guess(email, browser(here), LOGIN_THROTTLE.perAccountAndAddress - 1);
    expect((await browser(here).login(email, STRONG_PASSWORD)).status).toBe(200);
    await guess(email, browser(here), LOGIN_THROTTLE.perAccountAndAddress - 1);
  });
});

describe('an attacker rotating addresses', () => {
  it('makes new devices wait and mails an unlock link; the owner’s browser gets in, and so does an unlocked one', async () => {
    const { email, home, ownerBrowser } = await ownerSignedUp('sprayed');
    // Five addresses, the owner's among them, reach the per-account limit.
    const attackers = [home, address(), address(), address(), address()];
    for (const at of attackers) await guess(email, browser(at), LOGIN_THROTTLE.perAccount / attackers.length);

    expect((await ownerBrowser.login(email, STRONG_PASSWORD)).status).toBe(200);

    const laptop = browser(address());
    const refused = await laptop.login(email, STRONG_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(LOGIN_THROTTLE_MESSAGES.account('15 minutes'));
    expect(refused.body.error).toContain(
      'We sent an unlock link to its e-mail address; open it on this device',
    );
    const token = await unlockTokenFrom(email, 2);

    // Refused again, and from elsewhere: no second mail within the window.
    expect((await laptop.login(email, STRONG_PASSWORD)).status).toBe(429);
    expect((await browser(address()).login(email, STRONG_PASSWORD)).status).toBe(429);
    expect((await outboxTo(email)).map((m) => m.subject)).toEqual([
      'Confirm your GoldRoute e-mail address',
      UNLOCK_SUBJECT,
    ]);

    const unlocked = await laptop.unlock(token);
    expect(unlocked).toMatchObject({ status: 200, body: { message: LOGIN_UNLOCK_MESSAGES.unlocked } });
    expect(laptop.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await laptop.login(email, STRONG_PASSWORD)).status).toBe(200);

    // Single use: the same link opened again, here or anywhere, unlocks nothing.
    const phone = browser(address());
    const again = await phone.unlock(token);
    expect(again).toMatchObject({ status: 400, body: { error: LOGIN_UNLOCK_MESSAGES.invalidLink } });
    expect((await phone.login(email, STRONG_PASSWORD)).status).toBe(429);
  });

  it('an unlock link expires after 30 minutes', async () => {
    const email = emailOf('late-unlock');
    await signUp(email, browser(address()));
    const here = address();
    const tablet = browser(here);
    await guess(email, tablet, LOGIN_THROTTLE.perAccountAndAddress);
    expect((await tablet.login(email, STRONG_PASSWORD)).body.error).toBe(
      LOGIN_THROTTLE_MESSAGES.address('15 minutes'),
    );
    const token = await unlockTokenFrom(email, 2);
    h.clock.advanceMinutes(31);
    const late = await tablet.unlock(token);
    expect(late).toMatchObject({ status: 400, body: { error: LOGIN_UNLOCK_MESSAGES.invalidLink } });
  });

  it('refuses a made-up unlock token, and an overlong one, with a clear error', async () => {
    const made = await browser(address()).unlock(randomBytes(32).toString('base64url'));
    expect(made).toMatchObject({ status: 400, body: { error: LOGIN_UNLOCK_MESSAGES.invalidLink } });
    const overlong = await browser(address()).unlock(randomBytes(1100).toString('hex'));
    expect(overlong.status).toBe(400);
    expect(overlong.body.error).toMatch(/^token: /);
  });
});

describe('no enumeration', () => {
  it('answers an address without an account exactly as one with, and mails nobody', async () => {
    const existing = emailOf('real-account');
    const nobody = emailOf('no-account');
    await signUp(existing, browser(address()));
    const answers: Answer[] = [];
    for (const email of [existing, nobody]) {
      for (let i = 0; i < LOGIN_THROTTLE.perAccount / LOGIN_THROTTLE.perAccountAndAddress; i++)
        await guess(email, browser(address()), LOGIN_THROTTLE.perAccountAndAddress);
      answers.push(await browser(address()).login(email, STRONG_PASSWORD));
    }
    const [real, none] = answers;
    expect(real?.status).toBe(429);
    expect(none?.status).toBe(429);
    expect(none?.body).toEqual(real?.body);
    expect(none?.body.error).toBe(LOGIN_THROTTLE_MESSAGES.account('15 minutes'));
    expect(none?.retryAfter).toBeGreaterThan(0);

    await unlockTokenFrom(existing, 2);
    // The decoy mail written for the address without an account left no row, and nothing was sent to it.
    expect(await outboxTo(nobody)).toEqual([]);
    expect(h.smtp.messages.filter((m) => m.to.includes(nobody))).toEqual([]);
  });
});
