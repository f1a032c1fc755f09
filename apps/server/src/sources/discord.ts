import { DEFAULT_RETRY, fetchWithRetry, readJson, UpstreamError } from './http-json';

export interface DiscordOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://discord.com/oauth2/authorize */
  authorizeUrl: string;
  /** e.g. https://discord.com/api */
  apiUrl: string;
  redirectUri: string;
}

const retry = { ...DEFAULT_RETRY, attempts: 2, timeoutMs: 10_000 };

/** Discord OAuth2 (authorization code, scope identify): the link URL, the code exchange and the user. */
export function createDiscordClient(options: DiscordOptions) {
  return {
    authorizeUrl(state: string): string {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        scope: 'identify',
        state,
        redirect_uri: options.redirectUri,
        prompt: 'consent',
      }).toString();
      return url.toString();
    },

    async userForCode(code: string): Promise<{ id: string; username: string }> {
      const tokenRes = await fetchWithRetry(
        `${options.apiUrl}/oauth2/token`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: options.redirectUri,
          }),
        },
        retry,
      );
      if (!tokenRes.ok)
        throw new UpstreamError(`Discord token exchange answered HTTP ${tokenRes.status}`, tokenRes.status);
      const token = await readJson<{ access_token: string }>(tokenRes, 'Discord token');
      const meRes = await fetchWithRetry(
        `${options.apiUrl}/users/@me`,
        { headers: { authorization: `Bearer ${token.access_token}` } },
        retry,
      );
      if (!meRes.ok) throw new UpstreamError(`Discord users/@me answered HTTP ${meRes.status}`, meRes.status);
      const me = await readJson<{ id: string; username: string }>(meRes, 'Discord user');
      if (typeof me.id !== 'string' || typeof me.username !== 'string')
        throw new UpstreamError('Discord user without id');
      return { id: me.id, username: me.username };
    },
  };
}

export type DiscordClient = ReturnType<typeof createDiscordClient>;
