import { PASSWORD_MESSAGES, EMAIL_MESSAGES } from '@goldroute/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startHarness, type Harness } from '../../test-support/accounts';
import { linkIn } from '../../test-support/smtp-sink';
import { ACCOUNT_MESSAGES } from './accounts.service';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const tokenFromMail = async (email: string, n = 1) =>
  h
    .pathOf(linkIn(await h.smtp.waitFor(email, n), h.app.config.publicUrl))
    .split('/')
    .pop() ?? '';

describe('register and confirm', () => {
  it('registers, e-mails a confirmation link built from PUBLIC_URL, and confirms once', async () => {
    const res = await h.api.post('/shared/users/register', {
      email: '  New.Player@Example.COM ',
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.registered });

    const mail = await h.smtp.waitFor('new.player@example.com');
    expect(mail.subject).toBe('Confirm your GoldRoute e-mail address');
    const link = linkIn(mail, 'https://goldroute.test');
    expect(link).toMatch(/^https:\/\/goldroute\.test\/confirm-email\/[A-Za-z0-9_-]{43}$/);

    const token = link.split('/').pop() ?? '';
    const confirmed = await h.api.get(`/shared/users/confirm/${token}`);
    expect(confirmed).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.confirmed } });

    const again = await h.api.get(`/shared/users/confirm/${token}`);
    expect(again).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.invalidConfirmLink } });
  });

  it('refuses a tampered confirmation token', async () => {
    await h.api.post('/shared/users/register', { email: 'tamper@example.com', password: STRONG_PASSWORD });
    const token = await tokenFromMail('tamper@example.com');
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const res = await h.api.get(`/shared/users/confirm/${flipped}`);
    expect(res).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.invalidConfirmLink } });
  });

  it('refuses a confirmation token after 24 hours', async () => {
    await h.api.post('/shared/users/register', { email: 'late@example.com', password: STRONG_PASSWORD });
    const token = await tokenFromMail('late@example.com');
    h.clock.advanceMinutes(24 * 60 + 1);
    const res = await h.api.get(`/shared/users/confirm/${token}`);
    expect(res).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.invalidConfirmLink } });
  });

  it('answers a duplicate registration exactly like a new one and e-mails the owner instead', async () => {
    await h.signUp('owner@example.com');
    const res = await h.api.post('/shared/users/register', {
      email: 'OWNER@example.com',
      password: 'Another#Pass9',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.registered });
    const mail = await h.smtp.waitFor('owner@example.com', 2);
    expect(mail.subject).toBe('Your GoldRoute account already exists');
    // The original password still works: nothing was overwritten.
    const login = await h.api.post('/shared/users/login', {
      email: 'owner@example.com',
      password: STRONG_PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it.each([
    ['missing password', { email: 'a@example.com' }, /password/i],
    [
      'empty password',
      { email: 'a@example.com', password: '' },
      new RegExp(`^${PASSWORD_MESSAGES.required}$`),
    ],
    [
      'short password',
      { email: 'a@example.com', password: 'Ab1!' },
      new RegExp(`^${PASSWORD_MESSAGES.tooShort}$`),
    ],
    [
      'no uppercase',
      { email: 'a@example.com', password: 'gold-route-1' },
      new RegExp(`^${PASSWORD_MESSAGES.uppercase}$`),
    ],
    [
      'no special character',
      { email: 'a@example.com', password: 'GoldRoute1' },
      new RegExp(`^${PASSWORD_MESSAGES.special}$`),
    ],
    ['too long password', { email: 'a@example.com', password: `Aa1!${'x'.repeat(125)}` }, /128/],
    [
      'malformed e-mail',
      { email: 'not-an-email', password: STRONG_PASSWORD },
      new RegExp(`^${EMAIL_MESSAGES.invalid}$`),
    ],
    ['missing e-mail', { password: STRONG_PASSWORD }, /email/i],
  ])('refuses %s with 400 and a clear message', async (_name, body, message) => {
    const res = await h.api.post('/shared/users/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});

describe('login', () => {
  it('refuses login before the e-mail is confirmed, issuing no tokens', async () => {
    await h.api.post('/shared/users/register', {
      email: 'unconfirmed@example.com',
      password: STRONG_PASSWORD,
    });
    const res = await h.api.post('/shared/users/login', {
      email: 'unconfirmed@example.com',
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ACCOUNT_MESSAGES.notConfirmed, code: 'EMAIL_NOT_CONFIRMED' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers a wrong password and an unknown e-mail with the same status and body', async () => {
    await h.signUp('known@example.com');
    const wrong = await h.api.post('/shared/users/login', {
      email: 'known@example.com',
      password: 'Wrong-Pass-1',
    });
    const unknown = await h.api.post('/shared/users/login', {
      email: 'nobody@example.com',
      password: 'Wrong-Pass-1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: ACCOUNT_MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('returns tokens and the User entity without any hash', async () => {
    const session = await h.signUp('entity@example.com');
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.tokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.user).toEqual({
      id: expect.any(String),
      email: 'entity@example.com',
      role: 'user',
      hasAccess: false,
      isActive: false,
      isExpired: false,
      inCancelation: false,
      region: null,
      favorites: [],
      config: null,
      retailBuyingRealmsUS: [],
      retailSellingRealmsUS: [],
      retailBuyingRealmsEU: [],
      retailSellingRealmsEU: [],
      goldSubscription: null,
      stripeSubscription: null,
      discord: null,
    });
    expect(JSON.stringify(session)).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

describe('forgot and reset password', () => {
  it('answers forgot-password the same whether or not the e-mail exists', async () => {
    await h.signUp('forgetful@example.com');
    const known = await h.api.post('/shared/users/forgot-password', { email: 'forgetful@example.com' });
    const unknown = await h.api.post('/shared/users/forgot-password', { email: 'ghost@example.com' });
    expect(known).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.resetSent } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('resets once with the e-mailed link, revokes every session, and the new password works', async () => {
    const session = await h.signUp('resetter@example.com');
    await h.api.post('/shared/users/forgot-password', { email: 'resetter@example.com' });
    const mail = await h.smtp.waitFor('resetter@example.com', 2);
    const link = linkIn(mail, 'https://goldroute.test');
    expect(link).toMatch(/^https:\/\/goldroute\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const path = `/shared/users${h.pathOf(link)}`;

    const weak = await h.api.post(path, { newPassword: 'weak' });
    expect(weak.status).toBe(400);

    const done = await h.api.post(path, { newPassword: 'Brand#NewPass7' });
    expect(done).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.resetDone } });
    const reused = await h.api.post(path, { newPassword: 'Other#NewPass8' });
    expect(reused).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.invalidResetLink } });

    const profile = await h.api.get('/shared/users/profile', { token: session.accessToken });
    expect(profile.status).toBe(401);
    const refresh = await h.api.post('/shared/users/refresh-token', { refreshToken: session.refreshToken });
    expect(refresh.status).toBe(401);

    const oldLogin = await h.api.post('/shared/users/login', {
      email: 'resetter@example.com',
      password: STRONG_PASSWORD,
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await h.api.post('/shared/users/login', {
      email: 'resetter@example.com',
      password: 'Brand#NewPass7',
    });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a reset link after one hour and a tampered one', async () => {
    await h.signUp('slow@example.com');
    await h.api.post('/shared/users/forgot-password', { email: 'slow@example.com' });
    const path = `/shared/users${h.pathOf(linkIn(await h.smtp.waitFor('slow@example.com', 2), 'https://goldroute.test'))}`;
    const tampered = await h.api.post(`${path}x`, { newPassword: 'Brand#NewPass7' });
    expect(tampered).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.invalidResetLink } });
    h.clock.advanceMinutes(61);
    const late = await h.api.post(path, { newPassword: 'Brand#NewPass7' });
    expect(late).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.invalidResetLink } });
  });

  it('never builds links from the Host header', async () => {
    await h.signUp('hosty@example.com');
    await fetch(`${h.app.baseUrl}/shared/users/forgot-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      },
      body: JSON.stringify({ email: 'hosty@example.com' }),
    });
    const mail = await h.smtp.waitFor('hosty@example.com', 2);
    expect(mail.text).not.toContain('evil.example');
    expect(linkIn(mail, 'https://goldroute.test')).toContain('/reset-password/');
  });
});
