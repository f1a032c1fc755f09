import { createBonusData } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { flippingSearch } from './deal-search';
import { decodeSnapshot, encodeSnapshot, SnapshotBuilder } from '../snapshot';
import { dump } from '../test-support/build';

const realms = [
  { id: 1, name: 'Alpha', population: 'Low' },
  { id: 2, name: 'Beta', population: 'High' },
  { id: 3, name: 'Gamma', population: 'Full' },
];
const ALL = [1, 2, 3];
const HOUR = Date.UTC(2026, 10, 28, 12);

function builder() {
  const b = new SnapshotBuilder({
    region: 'us',
    realms,
    items: new Map([
      [
        19019,
        {
          id: 19019,
          name: 'Item 19019',
          classId: 4,
          className: 'Armor',
          subclassId: 4,
          subclassName: 'Plate',
          quality: 4,
          level: 80,
          expansion: 3,
          crafted: false,
          mediaURL: '',
        },
      ],
    ]),
    pets: new Map(),
    bonusData: { ...createBonusData(), squishEras: [] },
  });
  // All three updated within the hour: by age alone nothing is stale.
  b.ingest(1, dump(1, [[19019, 10_000]]).json, HOUR);
  b.ingest(2, dump(2, [[19019, 20_000]]).json, HOUR - 50 * 60_000);
  b.ingest(3, dump(3, [[19019, 15_000]]).json, HOUR);
  b.setTsm([
    {
      itemId: 19019,
      petSpeciesId: null,
      marketValue: 17_000 * 10000,
      avgSalePrice: 18_000 * 10000,
      saleRate: 0.05,
      historical: 16_000 * 10000,
    },
  ]);
  return b;
}

const flagsByPair = (rows: ReturnType<typeof flippingSearch>) =>
  Object.fromEntries(
    rows.map((r) => [`${r.buyingConnectedRealmId}->${r.sellingConnectedRealmId}`, r.flags.includes('stale')]),
  );

describe('late realms', () => {
  it("a realm its region's batch left behind makes the deals it is part of stale, and only those", () => {
    const b = builder();
    const onTime = flippingSearch(b.build(), { buyingRealms: ALL, sellingRealms: ALL });
    expect(onTime.some((r) => r.flags.includes('stale'))).toBe(false);

    b.setLateRealms([2]);
    const snapshot = b.build();
    expect([...snapshot.realmLate]).toEqual([0, 1, 0]);
    const toLate = flippingSearch(snapshot, { buyingRealms: [1], sellingRealms: [2] });
    const toOnTime = flippingSearch(snapshot, { buyingRealms: [1], sellingRealms: [3] });
    expect({ ...flagsByPair(toLate), ...flagsByPair(toOnTime) }).toEqual({ '1->2': true, '1->3': false });
  });

  it('the late mark travels with the encoded snapshot and ends when the builder is told so', () => {
    const b = builder();
    b.setLateRealms([3]);
    expect([...decodeSnapshot(encodeSnapshot(b.build())).realmLate]).toEqual([0, 0, 1]);
    b.setLateRealms([]);
    expect([...b.build().realmLate]).toEqual([0, 0, 0]);
  });
});
