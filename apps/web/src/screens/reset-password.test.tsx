import { AUTH_MESSAGES, FORM_MESSAGES, PASSWORD_MESSAGES } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json, type ApiHandler } from '../test/fake-api';
import { renderRoute } from '../test/render-route';

const NEW = 'Auction$House9';
const newInput = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmInput = () => screen.getByLabelText('Confirm new password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Set New Password' });

/** The reset calls: the check on opening finds the link valid; the reset itself answers with `reset`. */
function resetApi(reset: ApiHandler) {
  return fakeApi((call) => (call.method === 'GET' ? json({ valid: true }) : reset(call)));
}
const resetCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');

async function openReset(fetch?: typeof globalThis.fetch, token = 'reset-token-1') {
  const view = renderRoute(`/reset-password/${token}`, { fetch });
  await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
  await screen.findByRole('button', { name: 'Set New Password' });
  return { ...view, user: userEvent.setup() };
}

describe('reset password screen', () => {
  it('has the new and confirm fields with a strength meter and show/hide toggles', async () => {
    const { user } = await openReset();
    expect(newInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmInput()).toHaveAttribute('autocomplete', 'new-password');
    await user.type(newInput(), 'abc');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'Weak');
    await user.type(newInput(), 'DEF1!xyz');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'Strong');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(newInput()).toHaveAttribute('type', 'text');
  });

  it.each([
    ['a password that breaks the rules', 'weakpass', 'weakpass', FORM_MESSAGES.fixPassword],
    ['passwords that differ', NEW, `${NEW}!`, PASSWORD_MESSAGES.mismatch],
  ])('refuses %s with the reset-form message', async (_label, password, confirm, message) => {
    const api = resetApi(() => json({ message: 'ok' }));
    const { user } = await openReset(api.fetch);
    await user.type(newInput(), password);
    await user.type(confirmInput(), confirm);
    await user.click(submit());
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(message)).toBeInTheDocument();
    expect(resetCalls(api)).toHaveLength(0);
  });

  it('shows "Resetting Password..." while busy, then "Password reset successfully" and goes to /login', async () => {
    const answer = deferred<Response>();
    const api = resetApi(() => answer.promise);
    const { user, router } = await openReset(api.fetch, 'tok%20en');
    await user.type(newInput(), NEW);
    await user.type(confirmInput(), NEW);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Resetting Password...' })).toBeDisabled();
    expect(resetCalls(api)[0]).toMatchObject({
      method: 'POST',
      path: '/shared/users/reset-password/tok%20en',
      body: { newPassword: NEW },
    });
    answer.resolve(json({ message: 'Password reset successfully' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(AUTH_MESSAGES.resetSuccess)).toBeInTheDocument();
  });

  it.each([
    [
      'the server error',
      () => json({ error: 'This password reset link is invalid or has expired.' }, 400),
      'This password reset link is invalid or has expired.',
    ],
    [
      '"Failed to reset password" otherwise',
      () => Promise.reject(new TypeError('offline')),
      'Failed to reset password',
    ],
  ])('shows %s when the reset fails', async (_label, answer, message) => {
    const { user, router } = await openReset(resetApi(answer).fetch);
    await user.type(newInput(), NEW);
    await user.type(confirmInput(), NEW);
    await user.click(submit());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password/reset-token-1');
  });
});

describe('reset password screen: the link is checked on arrival', () => {
  const INVALID = 'This password reset link is invalid or has expired.';

  it('says it is checking the link, then shows the form for a valid one', async () => {
    const answer = deferred<Response>();
    const api = fakeApi(() => answer.promise);
    renderRoute('/reset-password/fresh-token', { fetch: api.fetch });
    expect(await screen.findByText('Checking your reset link…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set New Password' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'GET',
        path: '/shared/users/reset-password/fresh-token',
        body: undefined,
        authorization: null,
      },
    ]);
    answer.resolve(json({ valid: true }));
    expect(await screen.findByRole('button', { name: 'Set New Password' })).toBeInTheDocument();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('shows a spent or garbage link as invalid, with a way to request a new one and no form', async () => {
    const api = fakeApi(() => json({ valid: false }));
    const { router } = renderRoute('/reset-password/spent-token', { fetch: api.fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set New Password' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.method)).toEqual(['GET']);
    expect(router.state.location.pathname).toBe('/reset-password/spent-token');
  });
});
