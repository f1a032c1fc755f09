import { SYSTEM_DEFAULT_FILTERS, SYSTEM_TOOL_OPENING, filtersToConfig, type Config } from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type ApiCall, type ApiHandler } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { tradeItem } from '../../test/tool-harness';
import type { PersonalConfig } from './filter-config';

const SAVED = {
  ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
  ...SYSTEM_TOOL_OPENING,
  goldProfit: 5000,
  categories: ['Pet', 'Mount'],
} satisfies Config;

const UNDERCUT_US = '/retail/market/ah-data-undercut/us';

/** Today's deals on the user's US realms, as the flipping tool gets them. */
const DEALS = [
  tradeItem({
    name: 'Big Mount',
    class: 'Miscellaneous',
    subclass: 'Mount',
    sellVsBuy: 40000,
    buyBuyout: 10000,
  }),
  tradeItem({
    name: 'Small Pet',
    id: 'pet_39',
    class: 'Pet',
    subclass: 'Pet',
    sellVsBuy: 6000,
    buyBuyout: 2000,
  }),
  tradeItem({
    name: 'Cheap Mount',
    class: 'Miscellaneous',
    subclass: 'Mount',
    sellVsBuy: 3000,
    buyBuyout: 100,
  }),
  tradeItem({ name: 'Some Sword', sellVsBuy: 90000 }),
];

/** Answers the preview's data call with DEALS and everything else through `handler`. */
const withDeals =
  (handler: ApiHandler): ApiHandler =>
  (call: ApiCall) =>
    call.path === UNDERCUT_US
      ? json({ data: { items: DEALS, update: { lastModified: 1_800_000_000 } } })
      : handler(call);

async function openPersonal(handler: ApiHandler, config: Config | null = SAVED, user = makeUser({ config })) {
  const fake = fakeApi(withDeals(handler));
  const view = renderRoute('/config-personal', { user, fetch: fake.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Personal filter defaults' });
  return { ...view, fake, ue: userEvent.setup() };
}

/**
 * Saves the first time: the request carries the saved config with `changes`, the session takes them,
 * and the page says it matches the saved defaults again.
 */
async function saveAndExpectStored(
  { ue, fake, authStore }: Pick<Awaited<ReturnType<typeof openPersonal>>, 'ue' | 'fake' | 'authStore'>,
  changes: Partial<PersonalConfig>,
) {
  await ue.click(screen.getByRole('button', { name: 'Save Current Filters as Defaults' }));
  await waitFor(() => expect(fake.callsTo('/shared/users/settings-personal')).toHaveLength(1));
  expect(fake.callsTo('/shared/users/settings-personal')[0]!.body).toEqual({
    config: { ...SAVED, ...changes },
  });
  expect(authStore.getState().userData?.config).toMatchObject(changes);
  await waitFor(() =>
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.'),
  );
}

const goldProfit = () => screen.getByRole('textbox', { name: 'Gold Profit' });
const saleAvgToggle = () => screen.getByRole('checkbox', { name: /Positive Sale Avg vs Buy only/ });
const saleAvgBox = () => screen.getByRole('textbox', { name: 'Gold Profit on Sale Avg' });
const saleAvgSlider = () => screen.getByRole('slider', { name: 'Gold Profit on Sale Avg' });
const summaryCell = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell');

/** The save answers with the user as stored: the config that was sent, as a server that keeps it would. */
const echoSave: ApiHandler = (call) =>
  json({ user: makeUser({ config: (call.body as { config: Config }).config }) });

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
    expect(fake.callsTo('/shared/users/settings-personal')[0]).toMatchObject({
      method: 'PUT',
      path: '/shared/users/settings-personal',
      body: { config: { ...SAVED, goldProfit: 12000 } },
    });
    expect(authStore.getState().userData?.config?.goldProfit).toBe(12000);
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.');
  });

  it('shows the server error of a rejected save', async () => {
    // Only the save is refused: the page's other calls (the alert rules) answer as usual.
    const { ue } = await openPersonal((call) =>
      call.path === '/shared/users/settings-personal'
        ? json({ error: 'Gold Profit must be between 1000 and 250000' }, 400)
        : json({}),
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

  it('counts the deals on the saved realms that pass, live as the filters change', async () => {
    const { ue, fake } = await openPersonal(() => json({}));
    const preview = within(screen.getByTestId('deal-preview'));
    // Saved: Mount and Pet, profit at least 5,000g: the sword and the cheap mount stay out.
    expect(await preview.findByTestId('preview-passing')).toHaveTextContent(
      '2 of 4 deals on your US realms pass these filters',
    );
    expect(preview.getByText('46,000g')).toBeInTheDocument();
    const best = within(preview.getByRole('list', { name: 'Best deals that pass' })).getAllByRole('listitem');
    expect(best.map((li) => li.textContent)).toEqual([
      'Big MountStormrage → Area 52 +40,000g',
      'Small PetStormrage → Area 52 +6,000g',
    ]);
    expect(fake.callsTo(UNDERCUT_US)[0]?.body).toEqual({
      retailBuyingRealms: [3676],
      retailSellingRealms: [57],
      userId: 'user-1',
    });

    await typeValue(ue, goldProfit(), '10000');
    await waitFor(() =>
      expect(preview.getByTestId('preview-passing')).toHaveTextContent(
        '1 of 4 deals on your US realms pass these filters',
      ),
    );
    await ue.click(screen.getByRole('button', { name: 'Reset to System Defaults' }));
    await waitFor(() =>
      expect(preview.getByTestId('preview-passing')).toHaveTextContent(
        '4 of 4 deals on your US realms pass these filters',
      ),
    );
    expect(fake.callsTo(UNDERCUT_US)).toHaveLength(1);
  });

  it('asks for realms or a subscription instead of calling for deals it cannot get', async () => {
    const noRealms = makeUser({ config: SAVED, retailBuyingRealmsUS: [] });
    const first = await openPersonal(() => json({}), SAVED, noRealms);
    expect(screen.getByTestId('deal-preview')).toHaveTextContent(
      'Save your US buying and selling realms to see how many deals pass these filters.',
    );
    expect(first.fake.callsTo(UNDERCUT_US)).toHaveLength(0);
    first.unmount();

    const second = await openPersonal(() => json({}), SAVED, makeUser({ config: SAVED, hasAccess: false }));
    expect(screen.getByTestId('deal-preview')).toHaveTextContent(
      'With a subscription, this shows how many deals on your realms pass these filters.',
    );
    expect(second.fake.callsTo(UNDERCUT_US)).toHaveLength(0);
  });

  it('saves "Minimum confidence" and "Hide dead listings" as defaults, and resets them to Any and off', async () => {
    const { minConfidence: _level, hideDeadListings: _dead, ...older } = SAVED;
    const { ue, fake, authStore } = await openPersonal(echoSave, older);
    const level = screen.getByRole('combobox', { name: 'Minimum confidence' });
    const dead = screen.getByRole('checkbox', { name: 'Hide dead listings' });
    // Saved before these existed: Any and off, the system defaults.
    expect(level).toHaveValue('low');
    expect(dead).not.toBeChecked();
    expect(summaryCell('Minimum confidence').map((cell) => cell.textContent)).toEqual(['Any', 'Any']);
    const preview = within(screen.getByTestId('filter-preview'));
    // Saved: categories and Gold Profit; the two new ones count on top once changed.
    expect(preview.getByText('2 active filter(s)')).toBeInTheDocument();

    await ue.selectOptions(level, 'High');
    await ue.click(dead);
    expect(summaryCell('Minimum confidence').map((cell) => cell.textContent)).toEqual(['Any', 'High']);
    expect(summaryCell('Hide dead listings').map((cell) => cell.textContent)).toEqual(['Shown', 'Hidden']);
    expect(preview.getByText('Confidence at least').nextElementSibling).toHaveTextContent('High');
    expect(preview.getByText('Dead listings').nextElementSibling).toHaveTextContent('Hidden');
    expect(preview.getByText('4 active filter(s)')).toBeInTheDocument();
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('2 unsaved change(s).');

    await saveAndExpectStored({ ue, fake, authStore }, { minConfidence: 'high', hideDeadListings: true });
    expect(level).toHaveValue('high');
    expect(dead).toBeChecked();

    await ue.click(screen.getByRole('button', { name: 'Reset to System Defaults' }));
    expect(level).toHaveValue('low');
    expect(dead).not.toBeChecked();
  });

  it('saves how the deal tools open, shows it in the summary, and resets it to Expected Profit and off', async () => {
    const { dealSort: _sort, exportHighConfidenceOnly: _export, ...older } = SAVED;
    const { ue, fake, authStore } = await openPersonal(echoSave, older);
    const sort = screen.getByRole('combobox', { name: 'Open flipping and dropship sorted by' });
    const highOnly = screen.getByRole('checkbox', { name: 'Auctionator export: high-confidence rows only' });
    // Saved before these existed: the system defaults.
    expect(sort).toHaveValue('realisticProfit');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Expected Profit', 'Sell vs Buy']);
    expect(highOnly).not.toBeChecked();
    expect(highOnly).toHaveAccessibleDescription(/only the deals rated high confidence/);
    const sortRow = () => summaryCell('Tools open sorted by').map((cell) => cell.textContent);
    const exportRow = () => summaryCell('Export high confidence only').map((cell) => cell.textContent);
    expect(sortRow()).toEqual(['Expected Profit', 'Expected Profit']);
    expect(exportRow()).toEqual(['Off', 'Off']);

    await ue.selectOptions(sort, 'Sell vs Buy');
    await ue.click(highOnly);
    expect(sortRow()).toEqual(['Expected Profit', 'Sell vs Buy']);
    expect(exportRow()).toEqual(['Off', 'On']);
    // They hide no deal, so the preview's active filter count stays at the saved two.
    expect(within(screen.getByTestId('filter-preview')).getByText('2 active filter(s)')).toBeInTheDocument();
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('2 unsaved change(s).');

    await saveAndExpectStored(
      { ue, fake, authStore },
      { dealSort: 'sellVsBuy', exportHighConfidenceOnly: true },
    );
    expect(sortRow()).toEqual(['Sell vs Buy', 'Sell vs Buy']);
    expect(exportRow()).toEqual(['On', 'On']);

    await ue.click(screen.getByRole('button', { name: 'Reset to System Defaults' }));
    expect(sort).toHaveValue('realisticProfit');
    expect(highOnly).not.toBeChecked();
    expect(sortRow()).toEqual(['Sell vs Buy', 'Expected Profit']);
    expect(exportRow()).toEqual(['On', 'Off']);
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('4 unsaved change(s).');

    await ue.click(screen.getByRole('button', { name: 'Reset to My Saved Defaults' }));
    expect(sort).toHaveValue('sellVsBuy');
    expect(highOnly).toBeChecked();
  });

  it('keeps Gold Profit on Sale Avg disabled unless its activation checkbox is on', async () => {
    const { ue } = await openPersonal(() => json({}));
    expect(saleAvgToggle()).not.toBeChecked();
    expect(saleAvgBox()).toBeDisabled();
    expect(saleAvgSlider()).toBeDisabled();
    expect(summaryCell('Gold Profit on Sale Avg').map((cell) => cell.textContent)).toEqual(['Off', 'Off']);

    await ue.click(saleAvgToggle());
    expect(saleAvgBox()).toBeEnabled();
    expect(saleAvgSlider()).toBeEnabled();
    await typeValue(ue, saleAvgBox(), '7000');
    expect(summaryCell('Gold Profit on Sale Avg').map((cell) => cell.textContent)).toEqual(['Off', '7,000g']);
    expect(within(screen.getByTestId('filter-preview')).getByText('7,000g')).toBeInTheDocument();
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('1 unsaved change(s).');

    await ue.click(saleAvgToggle());
    expect(saleAvgBox()).toBeDisabled();
    expect(saleAvgBox()).toHaveValue('7000');
    // Off again is what is saved, whatever the slider was left at.
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.');
  });

  it('saves the checkbox: on saves it active at its value, off saves it not active', async () => {
    const { ue, fake, authStore } = await openPersonal(echoSave);
    await ue.click(saleAvgToggle());
    await typeValue(ue, saleAvgBox(), '12000');
    await ue.click(screen.getByRole('button', { name: 'Save Current Filters as Defaults' }));
    expect(await screen.findByText('Filter defaults saved successfully!')).toBeInTheDocument();
    const saves = () => fake.callsTo('/shared/users/settings-personal').map((call) => call.body);
    expect(saves()[0]).toEqual({
      config: { ...SAVED, goldProfitSaleAvg: 12000, goldProfitSaleAvgEnabled: true },
    });
    // Round trip: the stored answer shows the checkbox on at the saved value.
    expect(saleAvgToggle()).toBeChecked();
    expect(saleAvgBox()).toHaveValue('12000');
    expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.');
    expect(authStore.getState().userData?.config).toMatchObject({ goldProfitSaleAvgEnabled: true });

    await ue.click(saleAvgToggle());
    await ue.click(screen.getByRole('button', { name: 'Save Current Filters as Defaults' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toEqual({
      config: { ...SAVED, goldProfitSaleAvg: 12000, goldProfitSaleAvgEnabled: false },
    });
    await waitFor(() =>
      expect(screen.getByTestId('unsaved-state')).toHaveTextContent('Matches your saved defaults.'),
    );
    expect(saleAvgToggle()).not.toBeChecked();
    expect(saleAvgBox()).toBeDisabled();
  });

  it('opens with a saved active Gold Profit on Sale Avg on, and resets to the system default (off)', async () => {
    const saved: PersonalConfig = { ...SAVED, goldProfitSaleAvg: 9000, goldProfitSaleAvgEnabled: true };
    const { ue } = await openPersonal(() => json({}), saved);
    expect(saleAvgToggle()).toBeChecked();
    expect(saleAvgBox()).toBeEnabled();
    expect(saleAvgBox()).toHaveValue('9000');
    expect(within(screen.getByTestId('filter-preview')).getByText('9,000g')).toBeInTheDocument();

    await ue.click(screen.getByRole('button', { name: 'Reset to System Defaults' }));
    expect(saleAvgToggle()).not.toBeChecked();
    expect(saleAvgBox()).toBeDisabled();
    await ue.click(screen.getByRole('button', { name: 'Reset to My Saved Defaults' }));
    expect(saleAvgToggle()).toBeChecked();
  });
});
