import { AUTH_MESSAGES, DISCORD_MESSAGES } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { checkCallbackParams } from './callback-params';

describe('checkCallbackParams (SPEC §5 Chat link callback)', () => {
  it.each([
    ['an error parameter shows its error', '?error=access_denied&code=c&state=s', true, 'access_denied'],
    ['missing code', '?state=s', true, DISCORD_MESSAGES.noCode],
    ['missing state', '?code=c', true, DISCORD_MESSAGES.noState],
    ['not logged in', '?code=c&state=s', false, AUTH_MESSAGES.notLoggedIn],
  ])('%s', (_name, query, authenticated, error) => {
    expect(checkCallbackParams(new URLSearchParams(query), authenticated)).toEqual({ ok: false, error });
  });

  it('passes code and state through when all is there', () => {
    expect(checkCallbackParams(new URLSearchParams('?code=c&state=s'), true)).toEqual({
      ok: true,
      code: 'c',
      state: 's',
    });
  });
});
