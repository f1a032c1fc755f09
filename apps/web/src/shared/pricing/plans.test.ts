import { FALLBACK_PRICE } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { offeredIntervals, planCards } from './plans';
import { price } from '../../test/fixtures';

const prices = [
  price('adv-m', 'advanced_monthly', 'month', 999),
  price('basic-m', 'basic_monthly', 'month', 499),
  price('basic-y', 'basic_yearly', 'year', 4790),
  price('adv-y', 'advanced_yearly', 'year', 9590),
];

describe('planCards', () => {
  it('orders Basic before Advanced and marks Advanced as most popular with priority support', () => {
    const cards = planCards(prices, 'month');
    expect(cards.map((card) => card.price.id)).toEqual(['basic-m', 'adv-m']);
    expect(cards[1]?.mostPopular).toBe(true);
    expect(cards[1]?.features).toContain('Priority support');
    expect(cards[0]?.features).toEqual([
      'War Within Flipping Tool',
      'TSM List Generator',
      'Customer support',
    ]);
  });

  it('computes yearly savings against 12 monthly payments', () => {
    const cards = planCards(prices, 'year');
    expect(cards.map((card) => [card.price.id, card.savingsPercent])).toEqual([
      ['basic-y', 20],
      ['adv-y', 20],
    ]);
  });

  it('offers yearly only when yearly prices exist', () => {
    expect(offeredIntervals(prices)).toEqual(['month', 'year']);
    expect(offeredIntervals(prices.filter((p) => p.recurring.interval === 'month'))).toEqual(['month']);
  });

  it('falls back to the single $4.99 monthly plan when nothing is active', () => {
    const cards = planCards([{ ...prices[0]!, active: false }], 'year');
    expect(cards).toHaveLength(1);
    expect(cards[0]?.price).toEqual(FALLBACK_PRICE);
    expect(cards[0]?.planType).toBe('Standard');
  });

  it("keeps a subscriber's retired price, with its interval, when its id is given", () => {
    const retired = { ...price('old-y', 'basic_yearly_2023', 'year', 3990), active: false };
    const monthlyOnly = prices.filter((p) => p.recurring.interval === 'month');
    expect(offeredIntervals([...monthlyOnly, retired])).toEqual(['month']);
    expect(offeredIntervals([...monthlyOnly, retired], 'old-y')).toEqual(['month', 'year']);
    expect(planCards([...monthlyOnly, retired], 'year', 'old-y').map((card) => card.price.id)).toEqual([
      'old-y',
    ]);
  });
});
