import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { destinationAfterLogin, mayOpen } from './post-login';

describe('mayOpen', () => {
  const subscriber = makeUser();
  const noAccess = makeUser({ hasAccess: false });
  const admin = makeUser({ role: 'admin', hasAccess: false });

  it.each([
    ['/config', noAccess, true],
    ['/subscription', noAccess, true],
    ['/retail-cross-realm-flipping-tool/eu', subscriber, true],
    ['/retail-cross-realm-flipping-tool/eu', noAccess, false],
    ['/retail-tsm-list-generator', noAccess, false],
    ['/admin/stats', subscriber, false],
    ['/admin/gold', admin, true],
    ['/login', subscriber, false],
    ['/reset-password/abc', subscriber, false],
  ])('%s', (path, user, expected) => {
    expect(mayOpen(path, user)).toBe(expected);
  });
});

describe('destinationAfterLogin', () => {
  it('returns to the origin with its search and hash when allowed', () => {
    expect(
      destinationAfterLogin(makeUser(), { pathname: '/config-personal', search: '?a=1', hash: '#x' }),
    ).toEqual({
      pathname: '/config-personal',
      search: '?a=1',
      hash: '#x',
    });
  });

  it('otherwise follows the five steps of SPEC §4', () => {
    expect(destinationAfterLogin(makeUser({ hasAccess: false }), { pathname: '/admin/stats' })).toBe(
      '/subscription',
    );
    expect(destinationAfterLogin(makeUser({ region: null }), null)).toBe('/config');
    expect(destinationAfterLogin(makeUser(), undefined)).toBe('/retail-cross-realm-flipping-tool/us');
  });
});
