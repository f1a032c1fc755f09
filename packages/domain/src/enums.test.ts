import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  DURATIONS,
  EXPANSIONS,
  QUALITIES,
  REGIONS,
  REGION_LIST,
  SUBSCRIPTION_TYPES,
  expansionName,
  isAdmin,
  parseRegion,
  qualityFromLabel,
  qualityName,
  regionId,
  regionLabelForStats,
} from './enums';

describe('regions: "us = 1 (NA), eu = 2"', () => {
  it('maps region to id', () => {
    expect(REGIONS).toEqual({ us: 1, eu: 2 });
    expect(REGION_LIST).toEqual(['us', 'eu']);
    expect(regionId('us')).toBe(1);
    expect(regionId('eu')).toBe(2);
  });

  it.each([
    [undefined, 'us'],
    ['', 'us'],
    ['us', 'us'],
    ['eu', 'eu'],
    ['US', 'us'],
    ['Eu', 'eu'],
    ['kr', null],
    ['usa', null],
    [' us', null],
  ])('"The region parameter is us or eu and defaults to us": %j -> %j', (param, expected) => {
    expect(parseRegion(param)).toBe(expected);
  });

  it.each([
    ['1', 'NA'],
    [1, 'NA'],
    ['2', 'EU'],
    [2, 'EU'],
    ['global', 'EU'],
    ['3', 'EU'],
  ])('"For stats, 1 is NA and anything else is EU": %j -> %s', (key, label) => {
    expect(regionLabelForStats(key)).toBe(label);
  });
});

describe('expansions: "1 Classic, 2 BC, ... 11 TWW"', () => {
  it('lists all eleven in order', () => {
    expect(EXPANSIONS.map((e) => `${e.id} ${e.name}`)).toEqual([
      '1 Classic',
      '2 BC',
      '3 WOTLK',
      '4 Cata',
      '5 MOP',
      '6 WOD',
      '7 Legion',
      '8 BFA',
      '9 SL',
      '10 DF',
      '11 TWW',
    ]);
  });

  it.each([
    [1, 'Classic'],
    [10, 'DF'],
    [11, 'TWW'],
    [0, 'Unknown'],
    [12, 'Unknown'],
  ])('expansionName(%i) is %s', (id, name) => {
    expect(expansionName(id)).toBe(name);
  });
});

describe('qualities: "999 None, 1 Common, 2 Uncommon, 3 Rare, 4 Epic, 5 Legendary"', () => {
  it('lists the six qualities', () => {
    expect(QUALITIES.map((q) => [q.id, q.name])).toEqual([
      [999, 'None'],
      [1, 'Common'],
      [2, 'Uncommon'],
      [3, 'Rare'],
      [4, 'Epic'],
      [5, 'Legendary'],
    ]);
  });

  it.each([
    [999, 'None'],
    [1, 'Common'],
    [4, 'Epic'],
    [5, 'Legendary'],
    [0, 'Unknown'],
  ])('qualityName(%i) is %s', (id, name) => {
    expect(qualityName(id)).toBe(name);
  });

  it.each([
    ['epic', 4],
    ['Epic', 4],
    ['common', 1],
    ['uncommon', 2],
    ['rare', 3],
    ['legendary', 5],
    ['none', 999],
    ['poor', null],
    ['', null],
    [undefined, null],
  ])('"quality (a lower-case label)": %j -> %j', (label, id) => {
    expect(qualityFromLabel(label)).toBe(id);
  });
});

describe('other enumerations', () => {
  it('"Categories: Weapon, Armor, Recipe, Profession, Toys, Mount, Companions, Cosmetic, Pet, Miscellaneous"', () => {
    expect(CATEGORIES).toEqual([
      'Weapon',
      'Armor',
      'Recipe',
      'Profession',
      'Toys',
      'Mount',
      'Companions',
      'Cosmetic',
      'Pet',
      'Miscellaneous',
    ]);
  });

  it('"Subscription types: basic, premium"', () => {
    expect(SUBSCRIPTION_TYPES).toEqual(['basic', 'premium']);
  });

  it('"Durations in months: 1, 3, 6, 12, 24, 99 (labelled Lifetime)"', () => {
    expect(DURATIONS.map((d) => d.months)).toEqual([1, 3, 6, 12, 24, 99]);
    expect(DURATIONS[0]).toEqual({ months: 1, label: '1 month' });
    expect(DURATIONS[5]).toEqual({ months: 99, label: 'Lifetime' });
  });

  it.each([
    ['admin', true],
    ['user', false],
    ['Admin', false],
    [undefined, false],
  ])('"admin is special": isAdmin(%j) is %s', (role, expected) => {
    expect(isAdmin(role)).toBe(expected);
  });
});
