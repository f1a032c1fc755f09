import { DISCORD_MESSAGES } from '@goldroute/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { startDiscordServer } from '../../test-support/discord-server';
import { DISCORD_LINK_MESSAGES } from './discord-link.service';

let h: Harness;
let discord: Awaited<ReturnType<typeof startDiscordServer>>;
beforeAll(async () => {
  discord = await startDiscordServer({
    clientId: 'discord-id',
    clientSecret: 'discord-secret',
    code: 'good-code',
    user: { id: '80351110224678912', username: 'goblinbaron' },
  });
  h = await startHarness({
    DISCORD_CLIENT_ID: 'discord-id',
    DISCORD_CLIENT_SECRET: 'discord-secret',
    DISCORD_AUTHORIZE_URL: `${discord.url}/oauth2/authorize`,
    DISCORD_API_URL: discord.url,
  });
});
afterAll(async () => {
  await h.close();
  await discord.close();
});

async function stateFor(token: string): Promise<{ url: URL; state: string }> {
  const res = await h.api.get<{ url: string }>('/shared/users/discord/authorize-url', { token });
  const url = new URL(res.body.url);
  return { url, state: url.searchParams.get('state') ?? '' };
}

describe('linking a Discord account', () => {
  it('builds the authorize URL with scope identify, a state and our callback', async () => {
    const s = await h.signUp('link@example.com');
    const { url, state } = await stateFor(s.accessToken);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('discord-id');
    expect(url.searchParams.get('scope')).toBe('identify');
    expect(url.searchParams.get('redirect_uri')).toBe('https://goldroute.test/auth/discord/callback');
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('links with the code and state, once', async () => {
    const s = await h.signUp('linker@example.com');
    const { state } = await stateFor(s.accessToken);
    const res = await h.api.post<{ user: { discord: unknown } }>(
      '/shared/users/link-discord',
      { code: 'good-code', state },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.discord).toEqual({ id: '80351110224678912', username: 'goblinbaron' });
    const token = discord.requests.find((r) => r.path === '/oauth2/token');
    expect(new URLSearchParams(token?.body).get('redirect_uri')).toBe(
      'https://goldroute.test/auth/discord/callback',
    );
    const again = await h.api.post(
      '/shared/users/link-discord',
      { code: 'good-code', state },
      { token: s.accessToken },
    );
    expect(again).toMatchObject({ status: 400, body: { error: DISCORD_MESSAGES.invalidState } });
  });

  it("refuses another user's state and a made-up one", async () => {
    const owner = await h.signUp('stateowner@example.com');
    const thief = await h.signUp('statethief@example.com');
    const { state } = await stateFor(owner.accessToken);
    const stolen = await h.api.post(
      '/shared/users/link-discord',
      { code: 'good-code', state },
      { token: thief.accessToken },
    );
    expect(stolen).toMatchObject({ status: 400, body: { error: DISCORD_MESSAGES.invalidState } });
    const made = await h.api.post(
      '/shared/users/link-discord',
      { code: 'good-code', state: 'x'.repeat(43) },
      { token: owner.accessToken },
    );
    expect(made.status).toBe(400);
  });

  it('a code Discord refuses gives 502 and links nothing; the same Discord account cannot be linked twice', async () => {
    const s = await h.signUp('badcode@example.com');
    const bad = await h.api.post(
      '/shared/users/link-discord',
      { code: 'bad-code', state: (await stateFor(s.accessToken)).state },
      { token: s.accessToken },
    );
    expect(bad).toMatchObject({ status: 502, body: { error: DISCORD_LINK_MESSAGES.rejected } });
    const taken = await h.api.post(
      '/shared/users/link-discord',
      { code: 'good-code', state: (await stateFor(s.accessToken)).state },
      { token: s.accessToken },
    );
    expect(taken).toMatchObject({ status: 409, body: { error: DISCORD_LINK_MESSAGES.takenByOther } });
    const profile = await h.api.get<{ user: { discord: unknown } }>('/shared/users/profile', {
      token: s.accessToken,
    });
    expect(profile.body.user.discord).toBeNull();
  });

  it('without Discord credentials the server says linking is not available', async () => {
    const plain = await startHarness();
    const s = await plain.signUp('nodiscord@example.com');
    const res = await plain.api.get('/shared/users/discord/authorize-url', { token: s.accessToken });
    expect(res).toMatchObject({ status: 503, body: { error: DISCORD_LINK_MESSAGES.disabled } });
    const availability = await plain.api.get('/shared/users/discord/availability', { token: s.accessToken });
    expect(availability).toMatchObject({
      status: 200,
      body: { available: false, reason: DISCORD_LINK_MESSAGES.disabled },
    });
    expect((await plain.api.get('/shared/users/discord/availability')).status).toBe(401);
    await plain.close();
  });

  it('says linking is available when a Discord app is configured, without handing out a state', async () => {
    const s = await h.signUp('available@example.com');
    const res = await h.api.get('/shared/users/discord/availability', { token: s.accessToken });
    expect(res).toMatchObject({ status: 200, body: { available: true } });
  });
});
