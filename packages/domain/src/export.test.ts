import { describe, expect, it } from 'vitest';
import {
  auctionatorLeftOutCount,
  auctionatorLists,
  auctionatorTerm,
  exportRows,
  tsmString,
  unknownIlvlLeftOut,
} from './export';
import { EXPORT_TEXTS } from './messages';
import { makeTradeItem } from './test-fixtures';

describe('Auctionator term: "name";category;minIlvl;maxIlvl;minLvl;maxLvl;minCraftedLvl;maxCraftedLvl;minPrice;maxPrice;quality;tier;expansion;quantity', () => {
  it.each([
    [
      '"ilvl-1 to ilvl+1" for Weapon',
      { name: 'Sword', class: 'Weapon', subclass: 'Sword', itemLevel: 80, buyBuyout: 10000, quality: 'epic' },
      '"Sword";;79;81;0;0;0;0;0;10001;4;;;',
    ],
    [
      'Armor',
      { name: 'Helm', class: 'Armor', subclass: 'Plate', itemLevel: 606, buyBuyout: 250, quality: 'rare' },
      '"Helm";;605;607;0;0;0;0;0;251;3;;;',
    ],
    [
      'Profession',
      {
        name: 'Pick',
        class: 'Profession',
        subclass: 'Mining',
        itemLevel: 590.6,
        buyBuyout: 5,
        quality: 'uncommon',
      },
      '"Pick";;590;592;0;0;0;0;0;6;2;;;',
    ],
    [
      '"Pets have no range"',
      {
        name: 'Lil Tyrael',
        id: 'pet_1',
        realPetId: 42,
        class: 'Pet',
        subclass: 'Companion Pets',
        itemLevel: 25,
        quality: 'rare',
        buyBuyout: 100,
      },
      '"Lil Tyrael";;0;0;0;0;0;0;0;101;3;;;',
    ],
    [
      'a pet keeps no range even with a gear class',
      {
        name: 'Odd',
        id: 'pet_2',
        realPetId: 7,
        class: 'Armor',
        subclass: 'Plate',
        itemLevel: 25,
        quality: 'rare',
        buyBuyout: 100,
      },
      '"Odd";;0;0;0;0;0;0;0;101;3;;;',
    ],
    [
      'other categories have no range',
      {
        name: 'Reins',
        class: 'Miscellaneous',
        subclass: 'Mount',
        itemLevel: 60,
        quality: 'epic',
        buyBuyout: 99999,
      },
      '"Reins";;0;0;0;0;0;0;0;100000;4;;;',
    ],
    [
      '"The price is buyBuyout + 1, rounded" (up)',
      { name: 'X', class: 'Recipe', subclass: 'Tailoring', buyBuyout: 1234.5, quality: 'common' },
      '"X";;0;0;0;0;0;0;0;1236;1;;;',
    ],
    [
      'price rounded down',
      { name: 'X', class: 'Recipe', subclass: 'Tailoring', buyBuyout: 1234.49, quality: 'common' },
      '"X";;0;0;0;0;0;0;0;1235;1;;;',
    ],
    [
      'quality None (999) leaves the quality field empty',
      { name: 'Y', class: 'Recipe', subclass: 'Tailoring', buyBuyout: 10, quality: 'none' },
      '"Y";;0;0;0;0;0;0;0;11;;;;',
    ],
    [
      'separators are stripped from the name',
      { name: 'A;B^C\nD', class: 'Recipe', subclass: 'Tailoring', buyBuyout: 10, quality: 'legendary' },
      '"ABCD";;0;0;0;0;0;0;0;11;5;;;',
    ],
  ])('%s', (_label, item, term) => {
    expect(auctionatorTerm(makeTradeItem(item))).toBe(term);
  });

  it('has the 14 fields of the format', () => {
    expect(auctionatorTerm(makeTradeItem())?.split(';')).toHaveLength(14);
  });
});

describe('auctionatorLists: "items are grouped by buying realm", "Buy from {realm}"', () => {
  const rows = [
    makeTradeItem({
      uniqueTradeKey: 'a',
      name: 'Alpha',
      class: 'Recipe',
      subclass: 'R',
      buyBuyout: 10,
      quality: 'rare',
      buyingConnectedRealmId: 1,
      buyingConnectedRealmName: 'Stormrage',
    }),
    makeTradeItem({
      uniqueTradeKey: 'b',
      name: 'Beta',
      class: 'Recipe',
      subclass: 'R',
      buyBuyout: 20,
      quality: 'epic',
      buyingConnectedRealmId: 2,
      buyingConnectedRealmName: 'Area 52',
    }),
    makeTradeItem({
      uniqueTradeKey: 'c',
      name: 'Gamma',
      class: 'Recipe',
      subclass: 'R',
      buyBuyout: 30,
      quality: 'common',
      buyingConnectedRealmId: 1,
      buyingConnectedRealmName: 'Stormrage',
    }),
    // Same item and price on the same buying realm, another selling realm: one search is enough.
    makeTradeItem({
      uniqueTradeKey: 'd',
      name: 'Alpha',
      class: 'Recipe',
      subclass: 'R',
      buyBuyout: 10,
      quality: 'rare',
      buyingConnectedRealmId: 1,
      buyingConnectedRealmName: 'Stormrage',
      sellingConnectedRealmId: 99,
    }),
  ];

  it.each([
    [
      [],
      'GoldRoute Buy from Stormrage^"Alpha";;0;0;0;0;0;0;0;11;3;;;^"Gamma";;0;0;0;0;0;0;0;31;1;;;\n' +
        'GoldRoute Buy from Area 52^"Beta";;0;0;0;0;0;0;0;21;4;;;',
    ],
    [['b'], 'GoldRoute Buy from Stormrage^"Alpha";;0;0;0;0;0;0;0;11;3;;;^"Gamma";;0;0;0;0;0;0;0;31;1;;;'],
    [
      // Realms follow the first included row: Area 52 now comes first, and d (Alpha) follows c (Gamma).
      ['a'],
      'GoldRoute Buy from Area 52^"Beta";;0;0;0;0;0;0;0;21;4;;;\n' +
        'GoldRoute Buy from Stormrage^"Gamma";;0;0;0;0;0;0;0;31;1;;;^"Alpha";;0;0;0;0;0;0;0;11;3;;;',
    ],
    [
      ['a', 'd'],
      'GoldRoute Buy from Area 52^"Beta";;0;0;0;0;0;0;0;21;4;;;\nGoldRoute Buy from Stormrage^"Gamma";;0;0;0;0;0;0;0;31;1;;;',
    ],
    [['a', 'b', 'c', 'd'], ''],
  ])('"Unchecked items are excluded ... from Auctionator lists": unchecked %j', (unchecked, expected) => {
    expect(auctionatorLists(rows, new Set(unchecked))).toBe(expected);
  });

  it('is empty for no rows', () => {
    expect(auctionatorLists([])).toBe('');
  });
});

describe('TSM string: "i:{id} for items or p:{realPetId} for pets"', () => {
  it.each([
    [[makeTradeItem({ id: 19019 })], 'i:19019'],
    [[makeTradeItem({ id: 19019 }), makeTradeItem({ id: 'pet_3390', realPetId: 2872 })], 'i:19019,p:2872'],
    [[makeTradeItem({ id: 1 }), makeTradeItem({ id: 2 }), makeTradeItem({ id: 1 })], 'i:1,i:2'],
    [[makeTradeItem({ id: 'pet_1', realPetId: 5 }), makeTradeItem({ id: 'pet1', realPetId: 5 })], 'p:5'],
    [[makeTradeItem({ id: 'pet_1', realPetId: null })], ''],
    [[], ''],
  ])('%# -> %j', (items, expected) => {
    expect(tsmString(items)).toBe(expected);
  });

  it('leaves unchecked rows out', () => {
    const items = [
      makeTradeItem({ uniqueTradeKey: 'a', id: 1 }),
      makeTradeItem({ uniqueTradeKey: 'b', id: 2 }),
    ];
    expect(tsmString(items, ['a'])).toBe('i:2');
  });
});

describe('"High-confidence rows only": which rows an export is built from', () => {
  const high = makeTradeItem({ uniqueTradeKey: 'h', id: 1, confidence: 'high' });
  const medium = makeTradeItem({ uniqueTradeKey: 'm', id: 2, confidence: 'medium' });
  const low = makeTradeItem({ uniqueTradeKey: 'l', id: 3, confidence: 'low' });

  it('keeps every row while off, and only the high-confidence ones, in order, while on', () => {
    expect(exportRows([low, high, medium], false)).toEqual([low, high, medium]);
    expect(exportRows([low, high, medium], true)).toEqual([high]);
    expect(exportRows([medium, low], true)).toEqual([]);
  });

  it('feeds the TSM string and the Auctionator lists (unchecked rows stay out as before)', () => {
    const rows = [high, medium, low, makeTradeItem({ uniqueTradeKey: 'h2', id: 4, confidence: 'high' })];
    expect(tsmString(exportRows(rows, true), ['h2'])).toBe('i:1');
    expect(tsmString(exportRows(rows, false), ['h2'])).toBe('i:1,i:2,i:3');
    expect(auctionatorLists(exportRows(rows, true), [])).toBe(
      'GoldRoute Buy from Stormrage^"Thunderfury, Blessed Blade of the Windseeker";;79;81;0;0;0;0;0;10001;5;;;',
    );
  });
});

describe('unknown item level (null): never a guessed window', () => {
  const armor = makeTradeItem({
    uniqueTradeKey: 'armor',
    id: 212000,
    name: 'New Helm',
    class: 'Armor',
    subclass: 'Plate',
    itemLevel: null,
    quality: 'epic',
    buyBuyout: 500,
  });
  const pet = makeTradeItem({
    uniqueTradeKey: 'pet',
    id: 'pet_9',
    realPetId: 9,
    name: 'Whelpling',
    class: 'Pet',
    subclass: 'Companion Pets',
    itemLevel: null,
    quality: 'rare',
    buyBuyout: 20,
  });
  const mount = makeTradeItem({
    uniqueTradeKey: 'mount',
    id: 3,
    name: 'Reins',
    class: 'Miscellaneous',
    subclass: 'Mount',
    itemLevel: null,
    quality: 'epic',
    buyBuyout: 70,
  });
  const weapon = makeTradeItem({ uniqueTradeKey: 'weapon', id: 4, itemLevel: null });
  const profession = makeTradeItem({
    uniqueTradeKey: 'tool',
    id: 5,
    class: 'Profession',
    subclass: 'Mining',
    itemLevel: null,
  });
  const known = makeTradeItem({ uniqueTradeKey: 'known', id: 6, name: 'Sword', itemLevel: 80 });

  it('writes no term for armor, weapon or profession rows, and the usual one for pets and other rows', () => {
    expect([armor, weapon, profession].map(auctionatorTerm)).toEqual([null, null, null]);
    expect([armor, weapon, profession, pet, mount, known].map(unknownIlvlLeftOut)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(auctionatorTerm(pet)).toBe('"Whelpling";;0;0;0;0;0;0;0;21;3;;;');
    expect(auctionatorTerm(mount)).toBe('"Reins";;0;0;0;0;0;0;0;71;4;;;');
  });

  it('leaves the unknown-level armor row out of the lists and keeps the pet, the mount and known rows', () => {
    expect(auctionatorLists([armor, pet, known, mount])).toBe(
      'GoldRoute Buy from Stormrage^"Whelpling";;0;0;0;0;0;0;0;21;3;;;' +
        '^"Sword";;79;81;0;0;0;0;0;10001;5;;;^"Reins";;0;0;0;0;0;0;0;71;4;;;',
    );
    // A realm whose only rows are left out gets no list at all (not an empty "Buy from" line).
    expect(auctionatorLists([armor, weapon])).toBe('');
  });

  it('counts the included rows left out for it, not unchecked ones nor rows kept', () => {
    const rows = [armor, pet, weapon, mount, profession, known];
    expect(auctionatorLeftOutCount(rows)).toBe(3);
    expect(auctionatorLeftOutCount(rows, ['weapon', 'pet'])).toBe(2);
    expect(auctionatorLeftOutCount([pet, mount, known])).toBe(0);
    expect(EXPORT_TEXTS.leftOutUnknownItemLevel(2)).toBe(
      '2 item(s) left out: item level unknown (bonus data is behind the game)',
    );
  });

  it('leaves the TSM string unchanged: it names no item level', () => {
    expect(tsmString([armor, pet, weapon])).toBe('i:212000,p:9,i:4');
  });
});
