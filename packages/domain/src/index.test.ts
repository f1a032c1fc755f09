import { describe, expect, it } from 'vitest';
import * as api from './api';
import * as domain from './index';
import * as wire from './wire';

/** Each entry point and names it must export. */
const ENTRY_EXPORTS: [string, object, string[]][] = [
  [
    '@goldroute/domain',
    domain,
    [
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
    ],
  ],
  [
    '@goldroute/domain/api',
    api,
    [
      'errorResponseSchema',
      'userSchema',
      'loginRequestSchema',
      'tradeItemSchema',
      'realmsResponseSchema',
      'pricesResponseSchema',
      'adminStatsResponseSchema',
    ],
  ],
  [
    '@goldroute/domain/wire',
    wire,
    ['TRADE_COLUMNS_TYPE', 'TradeColumnsWriter', 'encodeFlippingAnswer', 'decodeMarketAnswer', 'tradeItemAt'],
  ],
];

describe('package entry points', () => {
  const modules = new Map(ENTRY_EXPORTS.map(([entry, module]) => [entry, module]));
  it.each(ENTRY_EXPORTS.flatMap(([entry, , names]) => names.map((name) => [entry, name])))(
    '%s exports %s',
    (entry, name) => {
      expect(modules.get(entry)).toHaveProperty(name);
    },
  );

  it('keeps the compact encoding out of the rules entry', () => {
    expect(domain).not.toHaveProperty('decodeMarketAnswer');
    expect(domain).not.toHaveProperty('TRADE_COLUMNS_TYPE');
  });
});
