import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_REDIRECT_MS } from '../features/auth/copy';
import { deferred, fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';

const CONFIRMED = 'Email confirmed successfully! You can now log in.';
const INVALID = 'This confirmation link is invalid or has expired.';

afterEach(() => {
  vi.useRealTimers();
});

describe('e-mail confirmation screen', () => {
  it('calls confirm exactly once even under StrictMode (the token is single use)', async () => {
    const api = fakeApi(() => json({ message: CONFIRMED }));
    renderRoute('/confirm-email/token-abc', { fetch: api.fetch, strict: true });
    expect(await screen.findByText(CONFIRMED)).toBeInTheDocument();
    expect(api.calls).toEqual([
      { method: 'GET', path: '/shared/users/confirm/token-abc', body: undefined, authorization: null },
    ]);
  });

  it('shows progress, then the message, then goes to /login with the message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred<Response>();
    const { router } = renderRoute('/confirm-email/token-abc', {
      fetch: fakeApi(() => answer.promise).fetch,
    });
    expect(await screen.findByText('Confirming your e-mail address…')).toBeInTheDocument();
    answer.resolve(json({ message: CONFIRMED }));
    expect(await screen.findByText(CONFIRMED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to login' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/confirm-email/token-abc');
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMED);
  });

  it('shows the server error with a way to log in, and stays', async () => {
    const { router } = renderRoute('/confirm-email/spent', {
      fetch: fakeApi(() => json({ error: INVALID }, 400)).fetch,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/confirm-email/spent');
  });
});
