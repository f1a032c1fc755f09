import { describe, expect, it } from 'vitest';
import { alertMessage, routeFingerprint, routeLine, type DiscordMessage } from './route-alerts';
import { makeTradeEvidence, makeTradeItem } from './test-fixtures';
import type { TradeItem } from './trade-item';

const links = {
  item: (route: TradeItem) => `https://www.wowhead.com/item=${route.id}`,
  tool: (realmId: number) => `https://goldroute.test/retail-cross-realm-flipping-tool/us?buy=${realmId}`,
};

function route(n: number, realm: number, overrides: Partial<TradeItem> = {}): TradeItem {
  return makeTradeItem({
    uniqueTradeKey: `trade-${realm}-${n}`,
    id: 1000 + n,
    name: `Item number ${n} of realm ${realm}`,
    buyingConnectedRealmId: realm,
    buyingConnectedRealmName: `Realm ${realm}`,
    buyBuyout: 1000 + n,
    sellBuyout: 50_000,
    sellVsBuy: 46_500 - n,
    ...overrides,
  });
}

/** Every limit of Discord's, counted here apart from the code under test. */
function expectWithinLimits(message: DiscordMessage) {
  expect(message.embeds.length).toBeLessThanOrEqual(10);
  let total = 0;
  for (const embed of message.embeds) {
    expect(embed.fields.length).toBeLessThanOrEqual(25);
    expect(embed.title.length).toBeLessThanOrEqual(256);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(4096);
    total += embed.title.length + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0);
    for (const field of embed.fields) {
      expect(field.name.length).toBeLessThanOrEqual(256);
      expect(field.value.length).toBeLessThanOrEqual(1024);
      total += field.name.length + field.value.length;
    }
  }
  expect(total).toBeLessThanOrEqual(6000);
}

describe('a route in an alert', () => {
  it('reads as the buy side, the sell side and why it is worth it', () => {
    const kazzak = makeTradeItem({
      buyingConnectedRealmName: 'Kazzak',
      sellingConnectedRealmName: 'Draenor',
      buyBuyout: 12_300,
      sellBuyout: 41_000,
      sellVsBuy: 41_000 * 0.95 - 12_300,
      evidence: makeTradeEvidence({
        buyQuantity: 3,
        salesSeen14d: 20,
        hoursObserved: 336,
        buyListingAgeSnapshots: 2,
      }),
    });
    expect(routeLine(kazzak)).toBe(
      'Buy Kazzak 12,300g (3 listed) -> Sell Draenor 41,000g · 26,650g expected after the 5% cut · sold 1.4/day there · listing 2 h old',
    );
  });

  it('is the same route while its listings are unchanged, however old they get', () => {
    const now = route(1, 11);
    const anHourLater = { ...now, evidence: { ...now.evidence, buyListingAgeSnapshots: 5 } };
    expect(routeFingerprint(anHourLater)).toBe(routeFingerprint(now));
    expect(routeFingerprint({ ...now, buyBuyout: 999 })).not.toBe(routeFingerprint(now));
    const more = { ...now, evidence: { ...now.evidence, buyQuantity: 9 } };
    expect(routeFingerprint(more)).not.toBe(routeFingerprint(now));
  });
});

describe('the alert message', () => {
  it('puts each buying realm in an embed of its own, best route first, with its Auctionator list', () => {
    const routes = [route(1, 11), route(2, 12, { sellVsBuy: 90_000 }), route(3, 11)];
    const { message, sent, left } = alertMessage(routes, links, 'New routes after the US batch');
    expect(message.content).toBe('New routes after the US batch');
    expect(message.embeds.map((e) => e.title)).toEqual(['Buy on Realm 12', 'Buy on Realm 11']);
    expect(message.embeds[1]!.fields.map((f) => f.name)).toEqual([
      'Item number 1 of realm 11',
      'Item number 3 of realm 11',
    ]);
    expect(message.embeds[1]!.url).toBe(links.tool(11));
    expect(message.embeds[1]!.description).toContain('GoldRoute Buy from Realm 11^');
    expect(message.embeds[1]!.fields[0]!.value).toContain(
      '[Item number 1 of realm 11](https://www.wowhead.com/item=1001)',
    );
    expect(sent).toHaveLength(3);
    expect(left).toBe(0);
    expect(message.embeds.every((e) => e.footer === undefined)).toBe(true);
  });

  it('stays within every Discord limit, however many routes, and counts those left out', () => {
    const routes = Array.from({ length: 400 }, (_, i) => route(i, 100 + (i % 16)));
    const { message, sent, left } = alertMessage(routes, links, 'New routes');
    expectWithinLimits(message);
    expect(sent.length + left).toBe(400);
    expect(left).toBeGreaterThan(0);
    expect(message.embeds.at(-1)!.footer!.text).toBe(`${left} more route(s) in GoldRoute`);
    // Within a buying realm the routes kept are its best ones.
    const leftOut = routes.filter((r) => !sent.includes(r));
    for (const kept of sent) {
      const worseLeft = leftOut.filter(
        (r) => r.buyingConnectedRealmId === kept.buyingConnectedRealmId && r.sellVsBuy > kept.sellVsBuy,
      );
      expect(worseLeft).toEqual([]);
    }
    expect(message.embeds.length).toBeGreaterThan(1);
  });

  it('cuts an over-long item name to the field name limit', () => {
    const long = route(1, 11, { name: 'x'.repeat(300) });
    const { message } = alertMessage([long], links, 'New routes');
    expect(message.embeds[0]!.fields[0]!.name).toHaveLength(256);
    expectWithinLimits(message);
  });
});
