import { describe, expect, it } from 'vitest';
import { makeTradeItem } from '../test-fixtures';
import {
  ahDataDropshipRequestSchema,
  ahDataResponseSchema,
  ahDataUndercutRequestSchema,
  marketSourceResponseSchema,
  realmStatsResponseSchema,
  realmsResponseSchema,
  timerResponseSchema,
  tokenResponseSchema,
  tradeItemSchema,
} from './data';

describe('market data calls', () => {
  it('"retailSellingRealms (number list), retailBuyingRealms (number list), userId"', () => {
    const body = { retailSellingRealms: [22], retailBuyingRealms: [11], userId: 'u1' };
    expect(ahDataDropshipRequestSchema.parse(body)).toEqual(body);
  });

  it('"The TSM generator sends only userId"', () => {
    expect(ahDataUndercutRequestSchema.parse({ userId: 'u1' })).toEqual({ userId: 'u1' });
  });

  it.each([
    [{ retailSellingRealms: ['22'] }],
    [{ retailBuyingRealms: [1.5] }],
    [{ retailBuyingRealms: Array.from({ length: 1001 }, (_, i) => i) }],
  ])('refuses %#', (body) => {
    expect(ahDataDropshipRequestSchema.safeParse(body).success).toBe(false);
  });

  it('"data.items and data.update.lastModified"', () => {
    const body = {
      data: {
        items: [makeTradeItem(), makeTradeItem({ id: 'pet_1', realPetId: 7 })],
        update: { lastModified: 1700000000 },
      },
    };
    expect(ahDataResponseSchema.parse(body)).toEqual(body);
  });

  it('carries an unknown item level as null and the crafted stats as names, and needs both', () => {
    const item = makeTradeItem({ itemLevel: null, craftedStats: ['Haste', 'Mastery'] });
    expect(tradeItemSchema.parse(item)).toEqual(item);
    expect(tradeItemSchema.safeParse({ ...item, itemLevel: undefined }).success).toBe(false);
    expect(tradeItemSchema.safeParse({ ...item, craftedStats: [36] }).success).toBe(false);
    const { craftedStats: _omit, ...partial } = item;
    expect(tradeItemSchema.safeParse(partial).success).toBe(false);
  });

  it('a trade item needs every field of SPEC §3', () => {
    const { saleAvgVsBuy: _omit, ...partial } = makeTradeItem();
    expect(tradeItemSchema.safeParse(partial).success).toBe(false);
  });
});

describe('token, timer, realms and realm stats', () => {
  it('"price, changePercentage, historicalData"', () => {
    const body = {
      price: 250000,
      changePercentage: -1.5,
      historicalData: [{ price: 251000, timestamp: 1700000000 }],
    };
    expect(tokenResponseSchema.parse(body)).toEqual(body);
  });

  it('"lastModified (seconds)"', () => {
    expect(timerResponseSchema.parse({ lastModified: 1700000000 })).toEqual({
      lastModified: 1700000000,
      lateRealms: [],
    });
  });

  it('the market source: { simulated } as a boolean', () => {
    expect(marketSourceResponseSchema.parse({ simulated: true })).toEqual({ simulated: true });
    expect(marketSourceResponseSchema.safeParse({ simulated: 'yes' }).success).toBe(false);
    expect(marketSourceResponseSchema.safeParse({}).success).toBe(false);
  });

  it('realm groups: [{ id, label, population, russian }]', () => {
    const body = [{ id: 1602, label: 'Gordunni', population: 'HIGH', russian: true }];
    expect(realmsResponseSchema.parse(body)).toEqual(body);
    expect(
      realmsResponseSchema.safeParse([{ id: '1602', label: 'x', population: 'LOW', russian: false }]).success,
    ).toBe(false);
  });

  it('"overallStats" and "realmStats rows"', () => {
    const body = {
      data: {
        overallStats: { totalRealms: 2, totalAuctions: 1000, avgPriceRatio: 1.02, percentCheaper: 40 },
        realmStats: [
          {
            realmId: 11,
            realmName: 'Stormrage',
            realmPopulation: 'HIGH',
            totalAuctions: 600,
            avgPriceRatio: 0.98,
            cheaperThanRegion: 300,
            expensiveThanRegion: 200,
            percentCheaper: 50,
            percentExpensive: 33.3,
            percentEqual: 16.7,
          },
        ],
      },
    };
    expect(realmStatsResponseSchema.parse(body)).toEqual(body);
  });
});
