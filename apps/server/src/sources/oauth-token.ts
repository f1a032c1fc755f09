import { fetchWithRetry, readJson, UpstreamError, type RetryPolicy } from './http-json';

/**
 * An OAuth access token fetched on first use and reused until a minute before it expires (so a long
 * download never starts with a token about to lapse). `forget` drops it after the API refused it.
 */
export function createOAuthToken(options: {
  name: string;
  url: string;
  request: RequestInit;
  retry: RetryPolicy;
}) {
  let token: { value: string; expiresAt: number } | undefined;
  return {
    async get(): Promise<string> {
      if (token && Date.now() < token.expiresAt) return token.value;
      const res = await fetchWithRetry(options.url, options.request, options.retry);
      if (!res.ok) throw new UpstreamError(`${options.name} answered HTTP ${res.status}`, res.status);
      const body = await readJson<{ access_token: string; expires_in: number }>(res, options.name);
      token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
      return token.value;
    },
    forget(): void {
      token = undefined;
    },
  };
}
