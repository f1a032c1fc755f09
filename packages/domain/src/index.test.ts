import { describe, expect, it } from 'vitest';
import * as api from './api';
import * as domain from './index';

describe('package entry points', () => {
  it.each([
    'PASSWORD_MESSAGES',
    'TOAST_LIMIT',
    'REGIONS',
    'validatePassword',
    'groupDropship',
    'itemPasses',
    'sellVsBuy',
    'auctionatorLists',
    'formatGold',
    'planButtonLabel',
    'postLoginPath',
  ])('@goldroute/domain exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });

  it.each([
    'errorResponseSchema',
    'userSchema',
    'loginRequestSchema',
    'tradeItemSchema',
    'realmsResponseSchema',
    'pricesResponseSchema',
    'adminStatsResponseSchema',
  ])('@goldroute/domain/api exports %s', (name) => {
    expect(api).toHaveProperty(name);
  });
});
