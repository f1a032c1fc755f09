import { describe, expect, it } from 'vitest';
import { api, confirmedAccount, newEmail, newPage, pathOf, storedAuth, url } from '../support/account-calls';
import { h, PASSWORD, REMEMBER_ME_MISS, useAccountJourney } from '../support/account-journey';
import { screenshot } from '../support/browser';
import { horizontalOverflow, unexpectedProblems } from '../support/page-checks';
import { submitLogin } from '../support/session';

// Account journeys in the browser: register and confirm, forgot and reset the password, the screens at
// 375 px. Texts the screens must show, as SPEC.md words them (and as the server answers):
const TEXT = {
  registered: 'Registration successful! Please check your email for verification.',
  confirmed: 'Email confirmed successfully! You can now log in.',
  notConfirmed: 'Please confirm your email address before logging in.',
  invalidCredentials: 'Invalid email or password',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Password reset successfully',
  invalidResetLink: 'This password reset link is invalid or has expired.',
  passwordsDoNotMatch: 'Passwords do not match',
};

const NEW_PASSWORD = 'Auction$House9';

useAccountJourney();

describe('register, confirm the e-mail, log in', () => {
  it('creates an account, follows the e-mailed link and lands on /subscription without access', async () => {
    const { page, context, watch } = await newPage();
    await page.goto(url('/register'));
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    const submit = page.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);

    // Errors appear field by field after blur; the strength meter follows the password.
    await page.getByLabel('Email').fill('not-an-email');
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('gold');
    await page.getByLabel('Confirm password', { exact: true }).focus();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByText('Password must contain at least one uppercase letter').waitFor();
    expect(await page.getByTestId('password-strength').getAttribute('data-strength')).toBe('Weak');
    await page.getByLabel('Confirm password', { exact: true }).fill('gol');
    await page.getByLabel('Email').focus();
    await page.getByText(TEXT.passwordsDoNotMatch).waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'register-errors-1440');

    await page.getByLabel('Password', { exact: true }).fill('Goldmaker2026');
    expect(await page.getByTestId('password-strength').getAttribute('data-strength')).toBe('Medium');
    await page.getByRole('button', { name: 'Show password', exact: true }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await screenshot(page, 'register-medium-visible-1440');

    // The e-mail is trimmed and lowercased before it is sent.
    const email = newEmail('journey');
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    expect(await page.getByTestId('password-strength').getAttribute('data-strength')).toBe('Strong');
    expect(await page.getByRole('alert').count()).toBe(0);
    await submit.click();

    await page.waitForURL('**/login');
    await page.getByText(TEXT.registered).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(page, 'login-after-register-1440');

    // Not confirmed yet: the server's reason comes as a toast and no session is stored.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(TEXT.notConfirmed).waitFor();
    expect(await storedAuth(page)).toBeNull();

    const link = await h.linkFromMail(email);
    expect(link).toMatch(/^\/confirm-email\/[\w-]{20,}$/);
    await page.goto(url(link));
    await page.getByText(TEXT.confirmed).waitFor();
    await screenshot(page, 'confirm-success-1440');
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByText(TEXT.confirmed).waitFor();

    await submitLogin(page, { email, password: PASSWORD });
    await page.waitForURL('**/subscription');
    expect((await storedAuth(page))?.isAuthenticated).toBe(true);

    // A confirmation link works once.
    await page.goto(url(link));
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();
    await page.getByRole('link', { name: 'Go to login' }).waitFor();
    await screenshot(page, 'confirm-error-1440');

    expect(
      unexpectedProblems(watch.problems, [
        REMEMBER_ME_MISS,
        [403, '/shared/users/login'],
        [400, `/shared/users/confirm/${link.split('/').pop()}`],
      ]),
    ).toEqual([]);
    await context.close();
  });
});

describe('forgot password, reset, log in with the new password', () => {
  it('sends the link, sets the new password, and only the new one works', async () => {
    const account = await confirmedAccount('reset');
    const { page, context, watch } = await newPage();
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot password? Set a new password here' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    await screenshot(page, 'forgot-1440');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset password link to your email' }).click();
    await page.getByText(TEXT.resetSent).waitFor();
    await screenshot(page, 'forgot-sent-1440');

    const link = await h.linkFromMail(account.email, 2);
    expect(link).toMatch(/^\/reset-password\/[\w-]{20,}$/);
    await page.goto(url(link));
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('auction9');
    await page.getByLabel('Confirm new password', { exact: true }).focus();
    await page.getByText('Password must contain at least one uppercase letter').waitFor();
    expect(await page.getByTestId('password-strength').getAttribute('data-strength')).toBe('Medium');
    await screenshot(page, 'reset-errors-1440');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').getByText(TEXT.passwordsDoNotMatch).first().waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText(TEXT.resetDone).waitFor();

    await submitLogin(page, account);
    await page.getByText(TEXT.invalidCredentials).waitFor();
    expect(pathOf(page)).toBe('/login');
    await screenshot(page, 'login-error-1440');
    await submitLogin(page, { ...account, password: NEW_PASSWORD });
    await page.waitForURL('**/subscription');

    // The link is spent.
    const reused = await api(`/shared/users/${link.slice(1)}`, { newPassword: 'Another#Pass1' });
    expect(reused).toEqual({ status: 400, body: { error: TEXT.invalidResetLink } });

    expect(unexpectedProblems(watch.problems, [REMEMBER_ME_MISS, [401, '/shared/users/login']])).toEqual([]);
    await context.close();
  });

  it('says on opening that a reset link is no longer valid, with no form to fill', async () => {
    const { page, context } = await newPage();
    await page.goto(url('/reset-password/not-a-real-token'));
    await page.getByText(TEXT.invalidResetLink).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(pathOf(page)).toBe('/reset-password/not-a-real-token');
    await context.close();
  });
});

describe('account screens at 375 px', () => {
  it('register, confirm, login, forgot and reset fit a phone without sideways scrolling', async () => {
    const { page, context, watch } = await newPage(375);
    await page.goto(url('/register'));
    await page.getByLabel('Email').fill('trader@');
    await page.getByLabel('Password', { exact: true }).fill('Gold1');
    await page.getByLabel('Confirm password', { exact: true }).fill('Gold');
    await page.getByLabel('Email').focus();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText(TEXT.passwordsDoNotMatch).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'register-errors-375');

    const email = newEmail('mobile');
    expect((await api('/shared/users/register', { email, password: PASSWORD })).status).toBe(201);
    await page.goto(url(await h.linkFromMail(email)));
    await page.getByText(TEXT.confirmed).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'confirm-success-375');
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByLabel('Email').fill(email);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'login-375');

    await page.goto(url('/forgot-password'));
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'forgot-375');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset password link to your email' }).click();
    await page.getByText(TEXT.resetSent).waitFor();

    await page.goto(url(await h.linkFromMail(email, 2)));
    await page.getByLabel('New password', { exact: true }).fill('newpassword');
    await page.getByLabel('Confirm new password', { exact: true }).focus();
    await page.getByText('Password must contain at least one number').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'reset-errors-375');

    await page.goto(url('/confirm-email/spent-or-unknown-token'));
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();
    await screenshot(page, 'confirm-error-375');

    expect(
      unexpectedProblems(watch.problems, [
        REMEMBER_ME_MISS,
        [400, '/shared/users/confirm/spent-or-unknown-token'],
      ]),
    ).toEqual([]);
    await context.close();
  });

  it('shows the login screen at 1440 px', async () => {
    const { page, context } = await newPage();
    await page.goto(url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await screenshot(page, 'login-1440');
    await context.close();
  });
});
