// The undercut call's rows for the browser speed measurement (journeys/tools-speed.test.ts): deterministic,
// shaped like the real call's items, as many as asked.
import type { TradeItem } from '@goldroute/domain';

const CLASSES = [
  ['Weapon', 'Sword'],
  ['Armor', 'Plate'],
  ['Recipe', 'Tailoring'],
  ['Profession', 'Herbalism'],
  ['Miscellaneous', 'Toys'],
  ['Miscellaneous', 'Mount'],
  ['Miscellaneous', 'Companions'],
  ['Miscellaneous', 'Junk'],
] as const;
const QUALITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
const WORDS = [
  'Gleaming',
  'Sunforged',
  'Verdant',
  'Shadow',
  'Emberlit',
  'Frostwoven',
  'Radiant',
  'Cursed',
  'Ancient',
];
const THINGS = [
  'Blade',
  'Helm',
  'Jerkin',
  'Gauntlets',
  'Ring',
  'Gryphon',
  'Beetle',
  'Wand',
  'Cloak',
  'Saber',
];

/** Deterministic rows shaped like the undercut call's items. */
export function generateItems(count: number): TradeItem[] {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const items: TradeItem[] = [];
  for (let i = 0; i < count; i++) {
    const [cls, subclass] = CLASSES[i % CLASSES.length]!;
    const buy = Math.round(1000 + rand() * 200000);
    const sell = Math.round(buy * (1.05 + rand() * 3));
    const avg = Math.round(sell * (0.6 + rand()));
    const buyRealm = 1 + (i % 24);
    const sellRealm = 1 + ((i * 7) % 24);
    // Keys shaped as the engine makes them (the compact encoding sends such keys as nothing at all).
    const itemKey = `${10000 + (i % 20000)}_ilvl-${10 + (i % 600)}_q${i % QUALITIES.length}`;
    items.push({
      uniqueTradeKey: `${itemKey}_${buyRealm}-${sellRealm}`,
      uniqueItemKey: itemKey,
      id: 10000 + (i % 20000),
      realPetId: null,
      npcId: null,
      name: `${WORDS[i % WORDS.length]} ${THINGS[(i >> 3) % THINGS.length]} of the ${WORDS[(i >> 5) % WORDS.length]} ${i}`,
      class: cls,
      subclass,
      bonus: [1, 2],
      mediaURL: '',
      quality: QUALITIES[i % QUALITIES.length] ?? 'common',
      itemLevel: 10 + (i % 600),
      patchNumber: 1 + (i % 11),
      crafted: i % 13 === 0,
      sockets: i % 9 === 0 ? [1] : [],
      tertiaryStats: i % 17 === 0 ? ['speed'] : [],
      craftedStats: [],
      saleRate: Math.round(rand() * 500) / 1000 + 0.001,
      avgSale: avg,
      marketValue: sell,
      historical: sell,
      buyBuyout: buy,
      sellBuyout: sell,
      sellAHCut: sell * 0.95,
      sellVsBuy: sell * 0.95 - buy,
      saleAvgVsBuy: avg * 0.95 - buy,
      buyingConnectedRealmId: buyRealm,
      buyingConnectedRealmName: `Buy Realm ${buyRealm}`,
      buyingConnectedRealmPopulation: 'HIGH',
      sellingConnectedRealmId: sellRealm,
      sellingConnectedRealmName: `Sell Realm ${sellRealm}`,
      sellingConnectedRealmPopulation: 'FULL',
      realisticProfit: Math.min(sell, avg) * 0.95 * ((i % 10) / 10) - buy,
      saleChance: (i % 10) / 10,
      confidence: (['high', 'medium', 'low'] as const)[i % 3] ?? 'low',
      flags: i % 3 === 0 ? [] : i % 3 === 1 ? ['thin-supply'] : ['no-sales-seen', 'dead-listing'],
      evidence: {
        salesSeen14d: i % 3 === 2 ? 0 : 1 + (i % 40),
        medianSale14d: i % 3 === 2 ? null : avg,
        sellListingsNearPrice: 1 + (i % 5),
        sellQuantityNearPrice: 1 + (i % 9),
        realmsOffering: 1 + (i % 24),
        buyQuantity: 1 + (i % 4),
        sellListingAgeSnapshots: 1 + (i % 30),
        buyListingAgeSnapshots: 1 + (i % 6),
        buyRealmUpdatedAt: 1_795_000_000,
        sellRealmUpdatedAt: 1_795_000_000,
        hoursObserved: 336,
        sellLowQuartile14d: i % 3 === 2 ? sell : buy,
        regionMedianLowest: avg,
        sellItemFloor14d: i % 3 === 2 ? null : avg,
        sellPostedHours: i % 4 === 0 ? null : 24,
      },
    });
  }
  return items;
}
