import type { Price } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { makeUser as makeDomainUser } from '@goldroute/domain/test-fixtures';
import type { AuthTokens } from '../lib/auth-store';

/** A signed-in trader with a subscription and one buying and one selling realm in the US. */
export function makeUser(overrides: Partial<User> = {}): User {
  return makeDomainUser({
    id: 'user-1',
    email: 'trader@example.com',
    retailBuyingRealmsUS: [3676],
    retailSellingRealmsUS: [57],
    ...overrides,
  });
}

export const testTokens: AuthTokens = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  tokenId: 'token-1',
};

/** An active US-dollar price of the payments provider's list. */
export function price(
  id: string,
  lookup_key: string,
  interval: 'month' | 'year',
  unit_amount: number,
): Price {
  return { id, active: true, unit_amount, currency: 'usd', recurring: { interval }, lookup_key };
}
