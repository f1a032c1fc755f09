import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { UNLOCK_FAILED } from './unlock-login-screen';

const UNLOCKED = 'This device is unlocked. You can log in now.';
const INVALID =
  'This unlock link is invalid, already used or expired. Log in again to be sent a new one if you still need it.';
const unlockButton = () => screen.getByRole('button', { name: 'Unlock This Device' });

async function openUnlock(fetch: typeof globalThis.fetch, token = 'unlock-token-1') {
  const view = renderRoute(`/unlock-login/${token}`, { fetch, strict: true });
  await screen.findByRole('heading', { level: 1, name: 'Unlock this device' });
  return { ...view, user: userEvent.setup() };
}

describe('unlock login screen', () => {
  it('spends the link only when asked, not on opening (a mail scanner opening it spends nothing)', async () => {
    const api = fakeApi(() => json({ message: UNLOCKED }));
    await openUnlock(api.fetch);
    expect(unlockButton()).toBeEnabled();
    expect(api.calls).toEqual([]);
  });

  it('shows "Unlocking..." while busy, then the server’s message with a link to /login', async () => {
    const answer = deferred<Response>();
    const api = fakeApi(() => answer.promise);
    const { user, router } = await openUnlock(api.fetch, 'tok%20en');
    await user.click(unlockButton());
    expect(await screen.findByRole('button', { name: 'Unlocking...' })).toBeDisabled();
    expect(api.calls).toEqual([
      { method: 'POST', path: '/shared/users/unlock-login', body: { token: 'tok en' }, authorization: null },
    ]);
    answer.resolve(json({ message: UNLOCKED }));
    expect(await screen.findByRole('status')).toHaveTextContent(UNLOCKED);
    const login = screen.getByRole('link', { name: 'Go to login' });
    expect(login).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Unlock This Device' })).not.toBeInTheDocument();
    await user.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls).toHaveLength(1);
  });

  it.each([
    ['the server error for a used or expired link', () => json({ error: INVALID }, 400), INVALID],
    [
      'its own message when the server is out of reach',
      () => Promise.reject(new TypeError('offline')),
      UNLOCK_FAILED,
    ],
  ])('shows %s, and stays', async (_label, answer, message) => {
    const { user, router } = await openUnlock(fakeApi(answer).fetch);
    await user.click(unlockButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/unlock-login/unlock-token-1');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
