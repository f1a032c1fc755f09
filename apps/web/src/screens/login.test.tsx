import { AUTH_MESSAGES, LABELS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json } from '../test/fake-api';
import { makeUser } from '../test/fixtures';
import { renderRoute } from '../test/render-route';

const LOGIN = '/shared/users/login';

function loginAnswer(user: User) {
  return json({ accessToken: 'access-9', refreshToken: 'refresh-9', tokenId: 'token-9', user });
}

async function fillAndSubmit(email = 'trader@example.com', password = 'Secret#123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: LABELS.login }));
  return user;
}

describe('login screen', () => {
  it('has the SPEC §2 fields, checkbox, button and links', async () => {
    renderRoute('/login');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('checkbox', { name: 'Remember me for 30 days' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password? Set a new password here' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('requires e-mail and password before calling the server', async () => {
    const api = fakeApi(() => json({}));
    renderRoute('/login', { fetch: api.fetch });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(api.calls).toHaveLength(0);
  });

  it('shows "Logging in..." while busy and sends the remember-me flag', async () => {
    const answer = deferred<Response>();
    const api = fakeApi(() => answer.promise);
    renderRoute('/login', { fetch: api.fetch });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'trader@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: LABELS.rememberMe }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: LOGIN,
      body: { email: 'trader@example.com', password: 'Secret#123', rememberMe: true },
    });
    answer.resolve(json({ error: 'Invalid email or password' }, 401));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows the server error as a toast', async () => {
    const api = fakeApi(() => json({ error: 'Invalid email or password' }, 401));
    const { authStore } = renderRoute('/login', { fetch: api.fetch });
    await fillAndSubmit();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('shows the not-confirmed reason from the server', async () => {
    const reason = 'Please confirm your email address before logging in.';
    renderRoute('/login', {
      fetch: fakeApi(() => json({ error: reason, code: 'EMAIL_NOT_CONFIRMED' }, 403)).fetch,
    });
    await fillAndSubmit();
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it.each([
    ['an unreachable server', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an answer without an error field',
      () => new Response('oops', { status: 502, statusText: 'Bad Gateway' }),
    ],
    ['a malformed success', () => json({ hello: 'world' })],
  ])('shows "An error occurred during login. Please try again." for %s', async (_label, answer) => {
    renderRoute('/login', { fetch: fakeApi(answer).fetch });
    await fillAndSubmit();
    expect(await screen.findByText(AUTH_MESSAGES.loginError)).toBeInTheDocument();
  });

  it('shows the registration message and fills in the e-mail when arriving from registration', async () => {
    renderRoute({
      pathname: '/login',
      state: { message: AUTH_MESSAGES.registrationSuccess, email: 'new@example.com' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registration successful! Please check your email for verification.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });
});

describe('post-login routing (SPEC §4)', () => {
  it.each([
    ['no access', '/subscription', makeUser({ hasAccess: false })],
    ['no region', '/config', makeUser({ region: null })],
    ['us without selling realms', '/config', makeUser({ region: 'us', retailSellingRealmsUS: [] })],
    [
      'eu without buying realms',
      '/config',
      makeUser({ region: 'eu', retailSellingRealmsEU: [1], retailBuyingRealmsEU: [] }),
    ],
    [
      'everything set on eu',
      '/retail-cross-realm-flipping-tool/eu',
      makeUser({ region: 'eu', retailSellingRealmsEU: [1], retailBuyingRealmsEU: [2] }),
    ],
  ])('%s goes to %s', async (_label, path, account) => {
    const { router, authStore } = renderRoute('/login', { fetch: fakeApi(() => loginAnswer(account)).fetch });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(authStore.getState().tokens).toEqual({
      accessToken: 'access-9',
      refreshToken: 'refresh-9',
      tokenId: 'token-9',
    });
  });

  it('goes back to the page a guard redirected from when the user may open it', async () => {
    const account = makeUser();
    const { router } = renderRoute('/config-personal?tab=1', {
      fetch: fakeApi(() => loginAnswer(account)).fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/config-personal'));
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('ignores an origin the user may not open (a tool without access)', async () => {
    const account = makeUser({ hasAccess: false });
    const { router } = renderRoute('/retail-cross-realm-dropship-tool/eu', {
      fetch: fakeApi(() => loginAnswer(account)).fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('routes an already signed-in user who opens /login', async () => {
    const { router } = renderRoute('/login', { user: makeUser({ region: null }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/config'));
  });

  it('shows the form to a stored user without an access token', async () => {
    renderRoute('/login', { user: makeUser(), tokens: { accessToken: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });
});
