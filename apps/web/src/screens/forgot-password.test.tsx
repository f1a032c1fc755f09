import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';

const SENT = 'If an account exists for this email, a password reset link has been sent.';

async function openForgot(fetch?: typeof globalThis.fetch) {
  const view = renderRoute('/forgot-password', { fetch });
  await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
  return { ...view, user: userEvent.setup() };
}

describe('forgot password screen', () => {
  it('has one required e-mail field, the SPEC button and a link back to login', async () => {
    await openForgot();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send reset password link to your email' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /Back to login/ })).toHaveAttribute('href', '/login');
  });

  it('needs an e-mail before it calls the server', async () => {
    const api = fakeApi(() => json({ message: SENT }));
    const { user } = await openForgot(api.fetch);
    await user.click(screen.getByRole('button', { name: 'Send reset password link to your email' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the e-mail and shows the server message as a toast', async () => {
    const api = fakeApi(() => json({ message: SENT }));
    const { user } = await openForgot(api.fetch);
    await user.type(screen.getByLabelText('Email'), ' trader@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset password link to your email' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/shared/users/forgot-password',
      body: { email: 'trader@example.com' },
    });
  });

  it('shows the server error as a toast', async () => {
    const error = 'Too many requests. Please try again in 60 minutes.';
    const { user } = await openForgot(fakeApi(() => json({ error }, 429)).fetch);
    await user.type(screen.getByLabelText('Email'), 'trader@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset password link to your email' }));
    expect(await screen.findByText(error)).toBeInTheDocument();
  });
});
