import { describe, expect, it } from 'vitest';
import { deriveAccess, type SubscriptionRow } from './access';

const now = new Date('2026-06-01T12:00:00Z');
const gold = (startsAt: string, expiresAt: string, type = 'basic'): SubscriptionRow => ({
  source: 'gold',
  type,
  startsAt: new Date(startsAt),
  expiresAt: new Date(expiresAt),
});

describe('deriveAccess', () => {
  it.each([
    [
      'no subscription at all: no access, not expired',
      [],
      { hasAccess: false, isActive: false, isExpired: false },
    ],
    [
      'gold time running now: access',
      [gold('2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z')],
      { hasAccess: true, isActive: true, isExpired: false },
    ],
    [
      'gold time that ended: expired, no access',
      [gold('2026-01-01T00:00:00Z', '2026-06-01T11:59:59Z')],
      { hasAccess: false, isActive: false, isExpired: true },
    ],
    [
      'ends exactly now: no longer active',
      [gold('2026-01-01T00:00:00Z', '2026-06-01T12:00:00Z')],
      { hasAccess: false, isActive: false, isExpired: true },
    ],
  ])('%s', (_name, rows, expected) => {
    expect(deriveAccess(rows, [], now)).toMatchObject({ ...expected, inCancelation: false });
  });

  it('reports the gold subscription that ends last', () => {
    const access = deriveAccess(
      [
        gold('2026-01-01T00:00:00Z', '2026-08-01T00:00:00Z', 'premium'),
        gold('2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z'),
      ],
      [],
      now,
    );
    expect(access.goldSubscription).toEqual({
      type: 'premium',
      expiration: Date.parse('2026-08-01T00:00:00Z') / 1000,
    });
  });
});
