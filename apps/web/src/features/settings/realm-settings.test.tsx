import type { Realm } from '@goldroute/domain/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type ApiCall } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { DEMO_DATA_NOTICE } from '../../shared/market/demo-data-notice';

const US: Realm[] = [
  { id: 1, label: 'Area 52', population: 'FULL', russian: false },
  { id: 2, label: 'Stormrage', population: 'HIGH', russian: false },
  { id: 3, label: 'Illidan', population: 'MEDIUM', russian: false },
];
const EU: Realm[] = [
  { id: 10, label: 'Draenor', population: 'HIGH', russian: false },
  { id: 11, label: 'Гордунни', population: 'MEDIUM', russian: true },
  { id: 12, label: 'Ревущий фьорд', population: 'LOW', russian: true },
];

/** `simulated`: what the server says of its market source (unset: the call fails, as in older servers). */
function api(onSettings?: (call: ApiCall) => Response, simulated?: boolean) {
  return fakeApi((call) => {
    if (call.path === '/shared/data/market-source' && simulated !== undefined) return json({ simulated });
    if (call.path === '/shared/data/realms/us') return json(US);
    if (call.path === '/shared/data/realms/eu') return json(EU);
    if (call.path === '/shared/users/settings' && onSettings) return onSettings(call);
    return json({ error: 'unexpected' }, 500);
  });
}

async function openConfig(fetch: typeof globalThis.fetch, user = makeUser()) {
  const view = renderRoute('/config', { user, fetch });
  await screen.findByRole('heading', { level: 1, name: 'Realm settings' });
  await screen.findByTestId('buying-realms');
  return { ...view, ue: userEvent.setup() };
}

const toolButtons = () => [
  screen.getByRole('button', { name: /Cross-realm flipping tool/ }),
  screen.getByRole('button', { name: /TSM list generator/ }),
  screen.getByRole('button', { name: /Cross-realm dropship tool/ }),
];

describe('realm settings (/config)', () => {
  it('keeps the tool buttons disabled until a buying and a selling realm are saved', async () => {
    const saved = makeUser({ retailBuyingRealmsUS: [1, 2, 3], retailSellingRealmsUS: [1, 2, 3] });
    const fake = api(() => json({ user: saved, message: 'Settings updated successfully' }));
    const { ue, authStore } = await openConfig(
      fake.fetch,
      makeUser({ retailBuyingRealmsUS: [], retailSellingRealmsUS: [] }),
    );
    toolButtons().forEach((button) => expect(button).toBeDisabled());

    await ue.click(screen.getByRole('button', { name: 'Add all buying realms' }));
    await ue.click(screen.getByRole('button', { name: 'Add all selling realms' }));
    expect(screen.getByTestId('buying-count')).toHaveTextContent('3 / 3');
    // Selected but not saved: still locked.
    toolButtons().forEach((button) => expect(button).toBeDisabled());

    await ue.click(screen.getByRole('button', { name: 'Save all data' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(fake.callsTo('/shared/users/settings')[0]).toMatchObject({
      method: 'PUT',
      authorization: 'Bearer access-1',
      body: { region: 'us', retailBuyingRealmsUS: ['1', '2', '3'], retailSellingRealmsUS: ['1', '2', '3'] },
    });
    toolButtons().forEach((button) => expect(button).toBeEnabled());
    expect(authStore.getState().userData?.retailSellingRealmsUS).toEqual([1, 2, 3]);
  });

  it('shows the server error of a failed save and keeps the stored user', async () => {
    const fake = api(() => json({ error: 'Invalid realm id' }, 400));
    const { ue, authStore } = await openConfig(fake.fetch);
    await ue.click(screen.getByRole('button', { name: 'Add all buying realms' }));
    await ue.click(screen.getByRole('button', { name: 'Save all data' }));
    expect(await screen.findByText('Invalid realm id')).toBeInTheDocument();
    expect(authStore.getState().userData?.retailBuyingRealmsUS).toEqual([3676]);
  });

  it('adds all and removes all realms of each list, with counts and chips', async () => {
    const { ue } = await openConfig(
      api().fetch,
      makeUser({ retailBuyingRealmsUS: [], retailSellingRealmsUS: [] }),
    );
    await ue.click(screen.getByRole('button', { name: 'Add all selling realms' }));
    const chips = within(screen.getByRole('list', { name: 'Chosen selling realms' }));
    expect(chips.getByText('Area 52')).toBeInTheDocument();
    expect(chips.getByText('Illidan')).toBeInTheDocument();
    expect(screen.getByTestId('selling-count')).toHaveTextContent('3 / 3');
    expect(screen.getByTestId('buying-count')).toHaveTextContent('0 / 3');

    await ue.click(screen.getByRole('button', { name: 'Remove Stormrage' }));
    expect(screen.getByTestId('selling-count')).toHaveTextContent('2 / 3');
    await ue.click(screen.getByRole('button', { name: 'Remove all selling realms' }));
    expect(screen.getByTestId('selling-count')).toHaveTextContent('0 / 3');
    expect(screen.queryByRole('list', { name: 'Chosen selling realms' })).not.toBeInTheDocument();
  });

  it('offers "Remove all Russian realms" on EU only, dropping them from both lists', async () => {
    const { ue } = await openConfig(api().fetch);
    expect(screen.queryByRole('button', { name: 'Remove all Russian realms' })).not.toBeInTheDocument();

    await ue.click(screen.getByRole('combobox', { name: 'Region' }));
    await ue.click(screen.getByRole('option', { name: 'EU' }));
    await waitFor(() => expect(screen.getByTestId('buying-count')).toHaveTextContent('0 / 3'));
    await ue.click(screen.getByRole('button', { name: 'Add all buying realms' }));
    await ue.click(screen.getByRole('button', { name: 'Add all selling realms' }));
    await ue.click(screen.getByRole('button', { name: 'Remove all Russian realms' }));
    expect(screen.getByTestId('buying-count')).toHaveTextContent('1 / 3');
    expect(screen.getByTestId('selling-count')).toHaveTextContent('1 / 3');
    expect(
      within(screen.getByRole('list', { name: 'Chosen buying realms' })).getByText('Draenor'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Гордунни')).not.toBeInTheDocument();
  });

  it('says the realms and deals are simulated when the server runs the built-in simulator', async () => {
    await openConfig(api(undefined, true).fetch);
    expect(await screen.findByTestId('demo-data-notice')).toHaveTextContent(
      `${DEMO_DATA_NOTICE.lead} ${DEMO_DATA_NOTICE.text}`,
    );
  });

  it('says nothing of demo data on Blizzard data', async () => {
    const fake = api(undefined, false);
    await openConfig(fake.fetch);
    expect(fake.callsTo('/shared/data/market-source')).toHaveLength(1);
    // The answer is in: the query's listeners are told on a timer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByTestId('demo-data-notice')).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the realm list cannot be loaded', async () => {
    const fake = fakeApi(() => json({ error: 'Realm data is still loading' }, 503));
    renderRoute('/config', { user: makeUser(), fetch: fake.fetch });
    expect(await screen.findByText('Realm data is still loading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
