// Opening the subscription screen and finding its plan cards and status, shared by its test files.
import type { User } from '@goldroute/domain/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { renderRoute } from '../../test/render-route';
import type { paymentsApi } from './test-utils';

export async function openSubscription(api: ReturnType<typeof paymentsApi>, user: User) {
  const view = renderRoute('/subscription', { user, fetch: api.fetch });
  await screen.findByRole('heading', { level: 2, name: 'Your subscription' });
  return { ...view, ue: userEvent.setup() };
}

export const card = (plan: string) => screen.getByRole('article', { name: plan });
export const cardButton = (plan: string) => within(card(plan)).getByRole('button');
export const status = () => screen.getByTestId('subscription-status');

/** Stops the browser from leaving the test page; returns the spies. */
export function stubLocation() {
  const assign = vi.fn();
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, reload });
  return { assign, reload };
}

/** Confirms the plan change the card opened, once its price has been worked out. */
export async function confirmChange(ue: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
  const confirm = within(dialog).getByRole('button', { name: 'Confirm change' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await ue.click(confirm);
}
