import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, json, type ApiCall } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { admin, adminServer } from './test-utils';

const USERS = [
  { userID: 'u-alice', userEmail: 'alice@example.com' },
  { userID: 'u-bob', userEmail: 'bob@example.com' },
];
/** Noon UTC, so the date reads the same in every time zone. */
const EXPIRATION = Date.UTC(2031, 2, 14, 12) / 1000;

const isUsers = (call: ApiCall) => call.path.startsWith('/shared/admin/get-users');
const searchOf = (call: ApiCall) => new URL(call.path, 'http://x').searchParams.get('search');

/** Users whose e-mail contains the search, as the server answers. */
function users(call: ApiCall) {
  const search = searchOf(call) ?? '';
  const data = USERS.filter((user) => user.userEmail.includes(search));
  return json({ data, total: data.length });
}

async function openGold(
  extra: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined,
) {
  const server = adminServer({ extra: (call) => extra(call) ?? (isUsers(call) ? users(call) : undefined) });
  renderRoute('/admin/gold', { user: admin(), fetch: server.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Add Subscription Time' });
  return { server, ue: userEvent.setup() };
}

type Ue = ReturnType<typeof userEvent.setup>;

async function pick(ue: Ue, label: string, option: string) {
  await ue.click(screen.getByRole('combobox', { name: label }));
  await ue.click(await screen.findByRole('option', { name: option }));
}

const grantCalls = (server: ReturnType<typeof adminServer>) =>
  server.calls.filter((call) => call.path.startsWith('/shared/admin/add-subscription-time/'));

describe('/admin/gold', () => {
  it('offers the SPEC types and durations, with 1 month chosen', async () => {
    const { ue } = await openGold();
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveTextContent('1 month');
    await ue.click(screen.getByRole('combobox', { name: 'Duration' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '1 month',
      '3 months',
      '6 months',
      '12 months',
      '24 months',
      'Lifetime',
    ]);
    // Every dropdown is searchable.
    expect(screen.getByRole('textbox', { name: 'Search Duration' })).toBeInTheDocument();
    await ue.keyboard('{Escape}');
    await ue.click(screen.getByRole('combobox', { name: 'Subscription type' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Basic', 'Premium']);
  });

  it('asks for both user and type before calling', async () => {
    const { server, ue } = await openGold();
    await ue.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('Please select both user and subscription type')).toBeInTheDocument();
    await pick(ue, 'User', 'alice@example.com');
    await ue.click(screen.getByRole('button', { name: 'Add time' }));
    expect(screen.getByText('Please select both user and subscription type')).toBeInTheDocument();
    expect(grantCalls(server)).toEqual([]);
    await pick(ue, 'Subscription type', 'Basic');
    expect(screen.queryByText('Please select both user and subscription type')).not.toBeInTheDocument();
  });

  it('adds the time: "Adding..." while busy, then the success toast and the new expiration', async () => {
    const answer = deferred<Response>();
    const { server, ue } = await openGold((call) =>
      call.path.startsWith('/shared/admin/add-subscription-time/') ? answer.promise : undefined,
    );
    await pick(ue, 'User', 'alice@example.com');
    await pick(ue, 'Subscription type', 'Premium');
    await pick(ue, 'Duration', 'Lifetime');
    await ue.click(screen.getByRole('button', { name: 'Add time' }));

    const busy = await screen.findByRole('button', { name: 'Adding...' });
    expect(busy).toBeDisabled();
    expect(grantCalls(server)).toMatchObject([
      { method: 'GET', path: '/shared/admin/add-subscription-time/u-alice/premium/99' },
    ]);

    answer.resolve(
      json({
        ok: true,
        message: 'Subscription time added successfully!',
        goldSubscription: { type: 'premium', expiration: EXPIRATION },
      }),
    );
    expect(await screen.findByText('Subscription time added successfully!')).toBeInTheDocument();
    const result = await screen.findByText(/now has premium time until/);
    expect(result.parentElement).toHaveTextContent(
      'alice@example.com now has premium time until March 14, 2031',
    );
    expect(screen.getByRole('button', { name: 'Add time' })).toBeEnabled();
  });

  it('sends the default duration of 1 month', async () => {
    const { server, ue } = await openGold((call) =>
      call.path.startsWith('/shared/admin/add-subscription-time/')
        ? json({ ok: true, goldSubscription: { type: 'basic', expiration: EXPIRATION } })
        : undefined,
    );
    await pick(ue, 'User', 'bob@example.com');
    await pick(ue, 'Subscription type', 'Basic');
    await ue.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('Subscription time added successfully!')).toBeInTheDocument();
    expect(grantCalls(server)[0]?.path).toBe('/shared/admin/add-subscription-time/u-bob/basic/1');
  });

  it.each([
    [
      'a server message',
      json({ ok: false, error: 'Unknown user', message: 'Unknown user' }, 400),
      'Error: Unknown user',
    ],
    ['only a message', json({ ok: false, message: 'Grants are paused' }, 503), 'Error: Grants are paused'],
    ['an HTTP failure without one', new Response('', { status: 500 }), 'Failed to add subscription time'],
    ['an ok: false answer', json({ ok: false, message: 'Nothing to add' }), 'Error: Nothing to add'],
  ])('shows %s', async (_name, response, text) => {
    const { ue } = await openGold((call) =>
      call.path.startsWith('/shared/admin/add-subscription-time/') ? response : undefined,
    );
    await pick(ue, 'User', 'alice@example.com');
    await pick(ue, 'Subscription type', 'Basic');
    await ue.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/now has/)).not.toBeInTheDocument();
  });

  it('says "Error adding subscription time" when the server cannot be reached', async () => {
    const { ue } = await openGold((call) =>
      call.path.startsWith('/shared/admin/add-subscription-time/')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : undefined,
    );
    await pick(ue, 'User', 'alice@example.com');
    await pick(ue, 'Subscription type', 'Basic');
    await ue.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('Error adding subscription time')).toBeInTheDocument();
  });
});

describe('user search', () => {
  it('searches on the server once the admin stops typing', async () => {
    const { server, ue } = await openGold();
    await ue.click(screen.getByRole('combobox', { name: 'User' }));
    expect(await screen.findByRole('option', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(server.calls.filter(isUsers).map((call) => call.path)).toEqual([
      '/shared/admin/get-users?limit=50',
    ]);

    await ue.type(screen.getByRole('textbox', { name: 'Search User' }), 'alice');
    await waitFor(() => expect(server.calls.filter(isUsers)).toHaveLength(2));
    // Debounced: one call for the whole word, none per keystroke.
    expect(server.calls.filter(isUsers).map(searchOf)).toEqual([null, 'alice']);
    expect(server.calls.filter(isUsers)[1]?.path).toBe('/shared/admin/get-users?search=alice&limit=50');
    expect(server.calls.filter(isUsers)[1]?.authorization).toBe('Bearer access-1');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['alice@example.com']);
    await ue.click(within(list).getByRole('option', { name: 'alice@example.com' }));
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveTextContent('alice@example.com');
  });

  it('says how many more users match than are listed', async () => {
    const { ue } = await openGold((call) => (isUsers(call) ? json({ data: USERS, total: 1234 }) : undefined));
    await ue.click(screen.getByRole('combobox', { name: 'User' }));
    expect(
      await screen.findByText('Showing 2 of 1,234 users: 1,232 more match, type to narrow the search.'),
    ).toBeInTheDocument();
  });

  it('says "Failed to fetch users" for an error answer', async () => {
    await openGold((call) => (isUsers(call) ? json({ error: 'nope' }, 500) : undefined));
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });

  it('says "Error fetching users" when the server cannot be reached', async () => {
    await openGold((call) => (isUsers(call) ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
    expect(await screen.findByText('Error fetching users')).toBeInTheDocument();
  });
});
