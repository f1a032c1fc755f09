import { describe, expect, it } from 'vitest';
import { SYSTEM_DEFAULT_FILTERS, filtersToConfig } from '../filters';
import { makeUser } from '../test-fixtures';
import {
  configSchema,
  favoritesRequestSchema,
  forgotPasswordRequestSchema,
  linkDiscordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  profileResponseSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  settingsPersonalRequestSchema,
  settingsRequestSchema,
  userSchema,
} from './users';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('POST /shared/users/login "email, password, rememberMe"', () => {
  it('parses, normalises the e-mail and defaults rememberMe to false', () => {
    expect(loginRequestSchema.parse({ email: ' Player@Example.com ', password: 'x' })).toEqual({
      email: 'player@example.com',
      password: 'x',
      rememberMe: false,
    });
  });

  it.each([
    [{ email: 'player@example.com', password: '' }],
    [{ email: '', password: 'x' }],
    [{ email: 'player@example.com', password: 'x'.repeat(129) }],
    [{ email: `${'a'.repeat(250)}@b.cd`, password: 'x' }],
    [{ email: 'player@example.com', password: 'x', rememberMe: 'yes' }],
  ])('refuses %#', (body) => {
    expect(loginRequestSchema.safeParse(body).success).toBe(false);
  });

  it('does not apply the new-password policy at login (old passwords still work)', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.cd', password: 'weak' }).success).toBe(true);
  });

  it('answers "accessToken, refreshToken, tokenId, user"', () => {
    const body = { accessToken: 'a', refreshToken: 'r', tokenId: 't', user: makeUser() };
    expect(loginResponseSchema.parse(body)).toEqual(body);
  });
});

describe('POST /shared/users/register "email, password"', () => {
  it('normalises the e-mail like the register form', () => {
    expect(registerRequestSchema.parse({ email: ' New@Example.COM', password: 'Abcdef1!' })).toEqual({
      email: 'new@example.com',
      password: 'Abcdef1!',
    });
  });

  it.each([
    [
      { email: 'new@example.com', password: 'abcdefgh' },
      'Password must contain at least one uppercase letter',
    ],
    [{ email: 'new@example.com', password: 'Ab1!' }, 'Password must be at least 8 characters long'],
    [
      { email: 'new@example.com', password: `Aa1!${'a'.repeat(125)}` },
      'Password must be at most 128 characters long',
    ],
    [{ email: 'new@example', password: 'Abcdef1!' }, 'Please enter a valid email address'],
    [{ email: '  ', password: 'Abcdef1!' }, 'Email is required'],
  ])('refuses %j with %j', (body, message) => {
    expect(messages(registerRequestSchema.safeParse(body))[0]).toBe(message);
  });

  it('drops mass-assignment keys such as role and hasAccess', () => {
    const parsed = registerRequestSchema.parse({
      email: 'new@example.com',
      password: 'Abcdef1!',
      role: 'admin',
      hasAccess: true,
    });
    expect(parsed).toEqual({ email: 'new@example.com', password: 'Abcdef1!' });
  });
});

describe('other session and account bodies', () => {
  it.each([
    ['logout', logoutRequestSchema, { tokenId: 't1' }, { tokenId: 't1', allDevices: false }],
    [
      'logout all devices',
      logoutRequestSchema,
      { tokenId: 't1', allDevices: true },
      { tokenId: 't1', allDevices: true },
    ],
    ['refresh-token', refreshTokenRequestSchema, { refreshToken: 'r' }, { refreshToken: 'r' }],
    ['link-discord', linkDiscordRequestSchema, { code: 'c', state: 's' }, { code: 'c', state: 's' }],
    ['forgot-password', forgotPasswordRequestSchema, { email: 'A@B.CD' }, { email: 'a@b.cd' }],
    ['reset-password', resetPasswordRequestSchema, { newPassword: 'Abcdef1!' }, { newPassword: 'Abcdef1!' }],
    ['reset-password params', resetPasswordParamsSchema, { resetToken: 'tok' }, { resetToken: 'tok' }],
    [
      'favorites ADD',
      favoritesRequestSchema,
      { uniqueItemKey: 'k', action: 'ADD' },
      { uniqueItemKey: 'k', action: 'ADD' },
    ],
    [
      'favorites DELETE',
      favoritesRequestSchema,
      { uniqueItemKey: 'k', action: 'DELETE' },
      { uniqueItemKey: 'k', action: 'DELETE' },
    ],
  ] as const)('%s accepts and parses', (_label, schema, body, parsed) => {
    expect(schema.parse(body)).toEqual(parsed);
  });

  it.each([
    ['logout without tokenId', logoutRequestSchema, {}],
    ['refresh-token empty', refreshTokenRequestSchema, { refreshToken: '' }],
    ['refresh-token too long', refreshTokenRequestSchema, { refreshToken: 'r'.repeat(2049) }],
    ['link-discord without state', linkDiscordRequestSchema, { code: 'c' }],
    ['reset-password weak', resetPasswordRequestSchema, { newPassword: 'password' }],
    ['favorites unknown action', favoritesRequestSchema, { uniqueItemKey: 'k', action: 'TOGGLE' }],
    ['favorites empty key', favoritesRequestSchema, { uniqueItemKey: '', action: 'ADD' }],
  ] as const)('%s is refused', (_label, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false);
  });
});

describe('PUT /shared/users/settings: realm lists "as lists of value strings"', () => {
  it('parses value strings to realm ids', () => {
    expect(
      settingsRequestSchema.parse({
        region: 'us',
        retailBuyingRealmsUS: ['11', '3678'],
        retailSellingRealmsUS: ['22'],
      }),
    ).toEqual({ region: 'us', retailBuyingRealmsUS: [11, 3678], retailSellingRealmsUS: [22] });
  });

  it.each([
    [{ region: 'kr' }],
    [{ region: 'us', retailBuyingRealmsUS: [11] }],
    [{ region: 'us', retailBuyingRealmsUS: ['11a'] }],
    [{ region: 'us', retailBuyingRealmsUS: ['-1'] }],
    [{ region: 'eu', retailSellingRealmsEU: [''] }],
  ])('refuses %j', (body) => {
    expect(settingsRequestSchema.safeParse(body).success).toBe(false);
  });

  it('strips role, hasAccess and other user fields', () => {
    const parsed = settingsRequestSchema.parse({
      region: 'eu',
      role: 'admin',
      hasAccess: true,
      favorites: ['x'],
    });
    expect(parsed).toEqual({ region: 'eu' });
  });
});

describe('PUT /shared/users/settings-personal "config"', () => {
  const config = filtersToConfig(SYSTEM_DEFAULT_FILTERS);

  it('accepts the system defaults', () => {
    expect(settingsPersonalRequestSchema.parse({ config })).toEqual({ config });
  });

  it.each([
    [{ ...config, sellRate: 0.9 }, 'Sell Rate must be between 0.001 and 0.5'],
    [{ ...config, saleAvg: 60000 }, 'Sale Avg must be between 500 and 50000'],
    [{ ...config, categories: ['Weapon', 'Gold'] }, 'Unknown category: Gold'],
  ])('refuses values outside the ranges %#', (bad, message) => {
    expect(messages(configSchema.safeParse(bad))).toEqual([message]);
  });

  it('refuses a config missing a field', () => {
    const { sellRate: _omit, ...rest } = config;
    expect(settingsPersonalRequestSchema.safeParse({ config: rest }).success).toBe(false);
  });

  it('keeps the deal-trust defaults, accepts a config saved without them and refuses an unknown level', () => {
    const trust = { ...config, minConfidence: 'high', hideDeadListings: true };
    expect(settingsPersonalRequestSchema.parse({ config: trust })).toEqual({ config: trust });
    const { minConfidence: _level, hideDeadListings: _dead, ...older } = config;
    expect(settingsPersonalRequestSchema.parse({ config: older })).toEqual({ config: older });
    expect(configSchema.safeParse({ ...config, minConfidence: 'certain' }).success).toBe(false);
  });

  it('keeps the tool-opening choices, and refuses a sort or an export choice it does not know', () => {
    const opening = { ...config, dealSort: 'sellVsBuy', exportHighConfidenceOnly: true };
    expect(settingsPersonalRequestSchema.parse({ config: opening })).toEqual({ config: opening });
    expect(configSchema.safeParse({ ...config, dealSort: 'name' }).success).toBe(false);
    expect(configSchema.safeParse({ ...config, exportHighConfidenceOnly: 'yes' }).success).toBe(false);
  });
});

describe('User entity (SPEC §3)', () => {
  it('round-trips a full user', () => {
    const user = makeUser({
      role: 'admin',
      region: 'eu',
      favorites: ['k1'],
      config: filtersToConfig(SYSTEM_DEFAULT_FILTERS),
      goldSubscription: { type: 'premium', expiration: 1735689600 },
      stripeSubscription: {
        status: 'active',
        start_date: 1700000000,
        cancel_at: null,
        items: { data: [{ price: { id: 'price_1' }, current_period_end: 1702592000 }] },
      },
    });
    expect(userSchema.parse(user)).toEqual(user);
  });

  it('drops server-only columns so they never leave in a response', () => {
    const parsed = profileResponseSchema.parse({
      user: { ...makeUser(), passwordHash: 'secret', tokenHash: 'x' },
    });
    expect(parsed.user).not.toHaveProperty('passwordHash');
    expect(parsed.user).not.toHaveProperty('tokenHash');
  });

  it("accepts a stored config outside today's ranges (responses are not range-checked)", () => {
    const user = makeUser({ config: { ...filtersToConfig(SYSTEM_DEFAULT_FILTERS), saleAvg: 100000 } });
    expect(userSchema.safeParse(user).success).toBe(true);
  });

  it.each([
    [{ role: 'owner' }],
    [{ region: 'kr' }],
    [{ retailBuyingRealmsUS: ['11'] }],
    [{ goldSubscription: { type: 'gold', expiration: 1 } }],
  ])('refuses %j', (override) => {
    expect(userSchema.safeParse({ ...makeUser(), ...override }).success).toBe(false);
  });
});
