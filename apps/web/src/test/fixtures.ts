import type { User } from '@goldroute/domain/api';
import type { AuthTokens } from '../lib/auth-store';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'trader@example.com',
    role: 'user',
    hasAccess: true,
    isActive: true,
    isExpired: false,
    inCancelation: false,
    region: 'us',
    favorites: [],
    config: null,
    retailBuyingRealmsUS: [3676],
    retailSellingRealmsUS: [57],
    retailBuyingRealmsEU: [],
    retailSellingRealmsEU: [],
    goldSubscription: null,
    stripeSubscription: null,
    ...overrides,
  };
}

export const testTokens: AuthTokens = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  tokenId: 'token-1',
};
