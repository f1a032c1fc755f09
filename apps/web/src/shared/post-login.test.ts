import { ACCESS } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { arrivalStateAfterLogin, destinationAfterLogin, mayOpen, readArrivalNotice } from './post-login';

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

describe('arrivalStateAfterLogin', () => {
  const noAccess = makeUser({ hasAccess: false });

  it('tells a user sent away from a tool that a subscription is needed', () => {
    const state = arrivalStateAfterLogin(noAccess, { pathname: '/retail-cross-realm-stats/eu' });
    expect(state).toEqual({ notice: ACCESS.noSubscription });
    expect(readArrivalNotice(state)).toBe(ACCESS.noSubscription);
  });

  it.each([
    ['a subscriber back to a tool', makeUser(), { pathname: '/retail-tsm-list-generator/us' }],
    ['a user from an admin page', noAccess, { pathname: '/admin/stats' }],
    ['a user from /config', noAccess, { pathname: '/config' }],
    ['a user who came from nowhere', noAccess, null],
  ])('says nothing to %s', (_name, user, from) => {
    expect(arrivalStateAfterLogin(user, from)).toBeUndefined();
  });

  it('reads nothing from a state without a notice', () => {
    expect(readArrivalNotice(undefined)).toBeUndefined();
    expect(readArrivalNotice({ from: { pathname: '/x' } })).toBeUndefined();
    expect(readArrivalNotice({ notice: 42 })).toBeUndefined();
  });
});
