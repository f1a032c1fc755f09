import { AUTH_MESSAGES, DISCORD_MESSAGES } from '@goldroute/domain';

export type CallbackCheck = { ok: true; code: string; state: string } | { ok: false; error: string };

/** SPEC §5 "Chat link callback": what the query says before anything is sent, in the spec's order. */
export function checkCallbackParams(params: URLSearchParams, isAuthenticated: boolean): CallbackCheck {
  const error = params.get('error');
  if (error) return { ok: false, error: params.get('error_description') ?? error };
  const code = params.get('code');
  if (!code) return { ok: false, error: DISCORD_MESSAGES.noCode };
  const state = params.get('state');
  if (!state) return { ok: false, error: DISCORD_MESSAGES.noState };
  if (!isAuthenticated) return { ok: false, error: AUTH_MESSAGES.notLoggedIn };
  return { ok: true, code, state };
}
