import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type ApiHandler } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

const AUTHORIZE_URL = '/shared/users/discord/authorize-url';
const AVAILABILITY = '/shared/users/discord/availability';
const REASON = 'Linking a Discord account is not available on this server.';
/** The server's answer while it has no Discord app configured (discord-link.service). */
const NOT_CONFIGURED = { available: false, reason: REASON };

/**
 * /config-personal with `availability` answering whether Discord can be linked and `authorizeUrl` the
 * authorize-URL call; the preview gets no deals.
 */
function openPersonal(
  availability: ApiHandler,
  authorizeUrl: ApiHandler = () => json({}),
  user = makeUser(),
) {
  const fake = fakeApi((call) => {
    if (call.path === AVAILABILITY) return availability(call);
    if (call.path === AUTHORIZE_URL) return authorizeUrl(call);
    if (call.path.startsWith('/retail/market/')) {
      return json({ data: { items: [], update: { lastModified: 1_800_000_000 } } });
    }
    return json({});
  });
  renderRoute('/config-personal', { user, fetch: fake.fetch });
  return fake;
}

const discordCard = async () => screen.findByRole('region', { name: 'Discord' });

describe('the Discord card of /config-personal', () => {
  it("says linking is not available, with the server's message and no link button, when Discord is not configured", async () => {
    const fake = openPersonal(() => json(NOT_CONFIGURED));
    const card = await discordCard();
    expect(await within(card).findByText(REASON)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(fake.callsTo(AVAILABILITY)).toHaveLength(1);
    // No link state is handed out just to learn that.
    expect(fake.callsTo(AUTHORIZE_URL)).toHaveLength(0);
  });

  it('falls back to its own sentence when the not-configured answer carries no reason', async () => {
    openPersonal(() => json({ available: false }));
    const card = await discordCard();
    expect(
      await within(card).findByText('Discord linking is not available on this server.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('offers the link when the server has Discord; a click goes to a freshly issued authorize URL', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let issued = 0;
    const fake = openPersonal(
      () => json({ available: true }),
      () => json({ url: `https://discord.example/authorize?state=s${++issued}` }),
    );
    const card = await discordCard();
    const link = await within(card).findByRole('button', { name: 'Link Discord account' });
    expect(fake.callsTo(AUTHORIZE_URL)).toHaveLength(0);
    await userEvent.setup().click(link);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://discord.example/authorize?state=s1'));
    expect(fake.callsTo(AUTHORIZE_URL)).toHaveLength(1);
  });

  it('keeps the link offered when the check fails for another reason (the click then says why)', async () => {
    openPersonal(() => json({ error: 'Database unavailable' }, 500));
    const card = await discordCard();
    expect(await within(card).findByRole('button', { name: 'Link Discord account' })).toBeEnabled();
  });

  it('names the linked account without asking the server', async () => {
    const fake = openPersonal(
      () => json(NOT_CONFIGURED),
      () => json({}),
      makeUser({ discord: { id: 'd1', username: 'goldie' } }),
    );
    const card = await discordCard();
    expect(within(card).getByText('goldie')).toBeInTheDocument();
    expect(fake.callsTo(AVAILABILITY)).toHaveLength(0);
  });
});
