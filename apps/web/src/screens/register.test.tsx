import { AUTH_MESSAGES, FORM_MESSAGES, PASSWORD_MESSAGES } from '@goldroute/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';

const REGISTER = '/shared/users/register';
const GOOD = 'Goldmaker#2026';

const emailInput = () => screen.getByLabelText('Email');
const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' });
const confirmInput = () => screen.getByLabelText('Confirm password', { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Create Account' });

async function openRegister(fetch?: typeof globalThis.fetch) {
  const view = renderRoute('/register', { fetch });
  await screen.findByRole('heading', { level: 1, name: 'Create Account' });
  return { ...view, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, email = 'trader@example.com') {
  await user.type(emailInput(), email);
  await user.type(passwordInput(), GOOD);
  await user.type(confirmInput(), GOOD);
}

describe('register screen', () => {
  it('has the SPEC §2 heading, fields, button and link', async () => {
    await openRegister();
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/login');
  });

  it("shows a field's errors only after it is blurred", async () => {
    const { user } = await openRegister();
    await user.type(emailInput(), 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription('Please enter a valid email address');
    // The password field has focus now but was not blurred yet: none of its errors show.
    expect(screen.queryByText(PASSWORD_MESSAGES.required)).not.toBeInTheDocument();

    await user.type(passwordInput(), 'abc');
    await user.tab(); // onto the show/hide toggle
    for (const message of [
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText(PASSWORD_MESSAGES.lowercase)).not.toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_MESSAGES.confirmRequired)).not.toBeInTheDocument();
  });

  it('updates a shown error as the user types', async () => {
    const { user } = await openRegister();
    await user.type(passwordInput(), GOOD);
    await user.type(confirmInput(), 'Goldmaker');
    await user.tab();
    expect(screen.getByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    await user.type(confirmInput(), '#2026');
    expect(screen.queryByText(PASSWORD_MESSAGES.mismatch)).not.toBeInTheDocument();
  });

  it('shows every error on submit, with "Please fix the form errors before submitting"', async () => {
    const api = fakeApi(() => json({ message: 'ok' }, 201));
    await openRegister(api.fetch);
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement);
    expect(await screen.findByText(FORM_MESSAGES.fixErrors)).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the submit button disabled until every field is filled and valid', async () => {
    const { user } = await openRegister();
    expect(submitButton()).toBeDisabled();
    await user.type(emailInput(), 'trader@example.com');
    await user.type(passwordInput(), GOOD);
    expect(submitButton()).toBeDisabled();
    await user.type(confirmInput(), 'Goldmaker#202');
    expect(submitButton()).toBeDisabled();
    await user.type(confirmInput(), '6');
    expect(submitButton()).toBeEnabled();
    await user.clear(emailInput());
    expect(submitButton()).toBeDisabled();
  });

  it.each([
    ['abc', 'Weak', 'bg-red-400'],
    ['Goldmaker', 'Medium', 'bg-gold-400'],
    ['goldmaker1', 'Medium', 'bg-gold-400'],
    ['Goldmaker1', 'Medium', 'bg-gold-400'],
    [GOOD, 'Strong', 'bg-emerald-400'],
  ])('rates %s as %s in the strength meter', async (password, label, colour) => {
    const { user } = await openRegister();
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    await user.type(passwordInput(), password);
    const meter = screen.getByTestId('password-strength');
    expect(meter).toHaveAttribute('data-strength', label);
    expect(meter).toHaveTextContent(`Strength: ${label}`);
    expect(meter.querySelectorAll(`.${colour}`).length).toBeGreaterThan(0);
  });

  it('shows and hides each password on its own toggle', async () => {
    const { user } = await openRegister();
    await user.type(passwordInput(), 'Secret#1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(confirmInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirmInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(passwordInput()).toHaveValue('Secret#1');
  });

  it('sends the trimmed, lowercased e-mail; shows "Creating Account..." while busy; then goes to /login', async () => {
    const answer = deferred<Response>();
    const api = fakeApi(() => answer.promise);
    const { user, router } = await openRegister(api.fetch);
    await fillValid(user, '  Trader@Example.COM ');
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: REGISTER,
      body: { email: 'trader@example.com', password: GOOD },
    });
    answer.resolve(json({ message: 'Check your inbox, trader!' }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox, trader!');
    expect(screen.getByLabelText('Email')).toHaveValue('trader@example.com');
  });

  it("falls back to the spec's success message when the server sends none", async () => {
    const { user, router } = await openRegister(fakeApi(() => new Response(null, { status: 201 })).fetch);
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.registrationSuccess);
  });

  it.each([
    [
      'the server error',
      () => json({ error: 'Password must be at most 128 characters long' }, 400),
      'Password must be at most 128 characters long',
    ],
    ['"Registration failed" without one', () => new Response('', { status: 500 }), 'Registration failed'],
    [
      'the retry text when unreachable',
      () => Promise.reject(new TypeError('offline')),
      'Registration failed. Please try again.',
    ],
  ])('shows %s', async (_label, answer, message) => {
    const { user, router } = await openRegister(fakeApi(answer).fetch);
    await fillValid(user);
    await user.click(submitButton());
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(message, { exact: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(submitButton()).toBeEnabled();
  });
});
