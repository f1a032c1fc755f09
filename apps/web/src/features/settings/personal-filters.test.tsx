import { SYSTEM_DEFAULT_FILTERS, filtersToConfig, type Config } from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type ApiHandler } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

const SAVED: Config = {
  ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
  goldProfit: 5000,
  categories: ['Pet', 'Mount'],
};

async function openPersonal(handler: ApiHandler, config: Config | null = SAVED) {
  const fake = fakeApi(handler);
  const view = renderRoute('/config-personal', { user: makeUser({ config }), fetch: fake.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Personal filter defaults' });
  return { ...view, fake, ue: userEvent.setup() };
}

const goldProfit = () => screen.getByRole('textbox', { name: 'Gold Profit' });

async function typeValue(ue: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await ue.clear(input);
  await ue.type(input, `${value}{Enter}`);
}

describe('personal filter defaults (/config-personal)', () => {
  it('starts from the saved defaults and shows them in the preview and summary', async () => {
    await openPersonal(() => json({}));
    expect(goldProfit()).toHaveValue('5000');
    const preview = within(screen.getByTestId('filter-preview'));
    expect(preview.getByText('5,000g and 1%')).toBeInTheDocument();
    expect(preview.getByText('Mount, Pet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Help/ })).toHaveAttribute('href', '/#faq');
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.');
  });

  it('saves the current filters, stores the user and shows the success toast', async () => {
    const updated = makeUser({ config: { ...SAVED, goldProfit: 12000 } });
    const { ue, fake, authStore } = await openPersonal(() => json({ user: updated }));
    await typeValue(ue, goldProfit(), '12000');
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('1 unsaved change(s).');
    await ue.click(screen.getByRole('button', { name: 'Save Current Filters as Defaults' }));
    expect(await screen.findByText('Filter defaults saved successfully!')).toBeInTheDocument();
    expect(fake.calls[0]).toMatchObject({
      method: 'PUT',
      path: '/shared/users/settings-personal',
      body: { config: { ...SAVED, goldProfit: 12000 } },
    });
    expect(authStore.getState().userData?.config?.goldProfit).toBe(12000);
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.');
  });

  it('shows the server error of a rejected save', async () => {
    const { ue } = await openPersonal(() =>
      json({ error: 'Gold Profit must be between 1000 and 250000' }, 400),
    );
    await ue.click(screen.getByRole('button', { name: 'Save Current Filters as Defaults' }));
    expect(await screen.findByText('Gold Profit must be between 1000 and 250000')).toBeInTheDocument();
  });

  it('shows "Failed to save filter defaults" when the save throws', async () => {
    const { ue } = await openPersonal(() => {
      throw new TypeError('Failed to fetch');
    });
    await ue.click(screen.getByRole('button', { name: 'Save Current Filters as Defaults' }));
    expect(await screen.findByText('Failed to save filter defaults')).toBeInTheDocument();
  });

  it('resets to the saved defaults and to the system defaults', async () => {
    const { ue } = await openPersonal(() => json({}));
    await typeValue(ue, goldProfit(), '20000');
    expect(goldProfit()).toHaveValue('20000');

    await ue.click(screen.getByRole('button', { name: 'Reset to My Saved Defaults' }));
    expect(goldProfit()).toHaveValue('5000');

    await ue.click(screen.getByRole('button', { name: 'Reset to System Defaults' }));
    expect(goldProfit()).toHaveValue('1000');
    expect(within(screen.getByTestId('filter-preview')).getByText('All 10')).toBeInTheDocument();
    // The summary marks what differs from the saved defaults.
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('2 unsaved change(s).');
  });

  it('caps Sale Avg at 50000 on this screen', async () => {
    const { ue } = await openPersonal(() => json({}));
    const saleAvg = screen.getByRole('textbox', { name: 'Sale Avg' });
    await typeValue(ue, saleAvg, '90000');
    expect(saleAvg).toHaveValue('50000');
  });
});
