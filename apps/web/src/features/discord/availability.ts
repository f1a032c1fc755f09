// Whether this server can link a Discord account: asked once per page load, so a server without a Discord
// app says so in the card instead of offering a link that fails.
import type { DiscordAuthorizeUrlResponse, DiscordAvailabilityResponse } from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import type { Session } from '../../lib/session';

const AUTHORIZE_URL_PATH = '/shared/users/discord/authorize-url';
const AVAILABILITY_PATH = '/shared/users/discord/availability';

/** Said when the not-configured answer carries no reason of its own. */
const DISCORD_UNAVAILABLE = 'Discord linking is not available on this server.';

export type DiscordAvailability = { available: true } | { available: false; reason: string };

/** A URL to send the browser to; each one carries a state bound to the user and valid for minutes. */
export function fetchAuthorizeUrl(request: Session['request']): Promise<DiscordAuthorizeUrlResponse> {
  return request<DiscordAuthorizeUrlResponse>(AUTHORIZE_URL_PATH);
}

export const discordAvailabilityQueryOptions = (request: Session['request']) =>
  queryOptions({
    queryKey: ['discord', 'availability'],
    queryFn: async (): Promise<DiscordAvailability> => {
      const answer = await request<DiscordAvailabilityResponse>(AVAILABILITY_PATH);
      return answer.available
        ? { available: true }
        : { available: false, reason: answer.reason ?? DISCORD_UNAVAILABLE };
    },
    // Only the server's configuration changes the answer: asked once per page load, never retried
    // (another failure leaves the link offered, and a click then says what went wrong).
    staleTime: Infinity,
    retry: false,
  });
