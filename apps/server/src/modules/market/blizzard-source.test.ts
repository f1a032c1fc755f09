import { REGION_LIST } from '@goldroute/domain';
import type { ItemInfo, PetInfo, SnapshotSources } from '@goldroute/market';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { systemClock } from '../../lib/clock';
import { loopbackGate } from '../../test-support/loopback-gate';
import { useSimulatorAndDatabase } from '../../test-support/simulator-fixture';
import { createBlizzardSource, type BlizzardMarketConfig } from './blizzard-source';
import { approximateItemExpansion, approximatePetExpansion } from './expansion-ranges';

const fixture = useSimulatorAndDatabase(4);
const { economy } = fixture;

function source(lists: boolean) {
  const config = loadConfig({
    MARKET_SOURCE: 'blizzard',
    BLIZZARD_CLIENT_ID: 'id',
    BLIZZARD_CLIENT_SECRET: 'secret',
    BLIZZARD_OAUTH_URL: `${fixture.sim.url}/token`,
    BLIZZARD_API_URL: fixture.sim.url,
    TSM_API_KEY: 'key',
    TSM_CLIENT_ID: 'client',
    BONUS_DATA_URL: `${fixture.sim.url}/raidbots`,
    ...(lists
      ? {
          ITEM_EXPANSIONS_URL: `${fixture.sim.url}/lists/patch-numbers.json`,
          CRAFTED_ITEMS_URL: `${fixture.sim.url}/lists/crafted-items.json`,
          FAKE_ITEMS_URL: `${fixture.sim.url}/lists/fake-items.json`,
        }
      : {}),
  }).market as BlizzardMarketConfig;
  return createBlizzardSource(config, {
    db: fixture.db.database.db,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    retry: { attempts: 2, baseDelayMs: 5, timeoutMs: 2000 },
    gate: loopbackGate(),
  });
}

const lookup = <T>(l: SnapshotSources['items'] | SnapshotSources['pets'], id: number) =>
  (typeof l === 'function' ? l(id) : l.get(id)) as T | undefined;

describe('the Blizzard source built over HTTP', () => {
  it("reproduces the simulator's static item, pet and bonus data exactly", async () => {
    const s = source(true);
    for (const region of REGION_LIST) {
      const data = economy.staticData(region);
      const learnt = await s.learn?.(region, {
        itemIds: [...data.items.keys()],
        petSpecies: [...data.pets.keys()],
      });
      expect(learnt).toBe(data.items.size + data.pets.size);
      const sources = await s.sources(region);
      for (const [id, item] of data.items) expect(lookup<ItemInfo>(sources.items, id)).toEqual(item);
      for (const [id, pet] of data.pets) expect(lookup<PetInfo>(sources.pets, id)).toEqual(pet);
      expect(sources.bonusData).toEqual(economy.bonusData);
      // Unchanged data: the same lookups, so the ingestor keeps its resolutions.
      expect(await s.sources(region)).toBe(sources);
    }
    const counts = Object.fromEntries((s.caches ?? []).map((c) => [c.name, c.counts?.()]));
    expect(counts).toEqual({
      raidbotsBonus: { global: Object.keys(economy.bonusData.bonuses).length },
      raidbotsCurve: { global: Object.keys(economy.bonusData.curves).length },
      patchNumbers: { global: economy.items.length + economy.pets.length },
      craftedItems: { global: economy.items.filter((i) => i.crafted).length },
      fakeItems: { global: economy.items.filter((i) => i.id % 101 === 0).length },
      itemCatalog: { '1': economy.items.length, '2': economy.items.length },
      petNames: { '1': economy.pets.length, '2': economy.pets.length },
    });
  });

  it('without the lists, expansions come from the approximate id ranges and nothing is crafted', async () => {
    // Same database: the catalog is already known, so this asks the item API nothing.
    const before = fixture.sim.requests.length;
    const sources = await source(false).sources('eu');
    const item = economy.items[0];
    const pet = economy.pets[0];
    expect(lookup<ItemInfo>(sources.items, item?.id ?? 0)).toMatchObject({
      name: item?.name,
      expansion: approximateItemExpansion(item?.id ?? 0),
      crafted: false,
    });
    expect(lookup<PetInfo>(sources.pets, pet?.speciesId ?? 0)).toMatchObject({
      name: pet?.name,
      expansion: approximatePetExpansion(pet?.speciesId ?? 0),
    });
    expect(fixture.sim.requests.slice(before).filter((r) => r.path.startsWith('/data/wow/'))).toEqual([]);
  });
});

describe('approximate expansions', () => {
  it('follow the id ranges of the game', () => {
    expect(approximateItemExpansion(2589)).toBe(1); // Linen Cloth
    expect(approximateItemExpansion(21877)).toBe(2); // Netherweave Cloth
    expect(approximateItemExpansion(36909)).toBe(3); // Cobalt Ore
    expect(approximateItemExpansion(52183)).toBe(4); // Pyrite Ore
    expect(approximateItemExpansion(72092)).toBe(5); // Ghost Iron Ore
    expect(approximateItemExpansion(109119)).toBe(6); // True Iron Ore
    expect(approximateItemExpansion(124101)).toBe(7); // Aethril
    expect(approximateItemExpansion(152512)).toBe(8); // Monelite Ore
    expect(approximateItemExpansion(171828)).toBe(9); // Laestrite Ore
    expect(approximateItemExpansion(190395)).toBe(10); // Serevite Ore
    expect(approximateItemExpansion(210930)).toBe(11); // Bismuth
    expect(approximatePetExpansion(39)).toBe(1);
    expect(approximatePetExpansion(4500)).toBe(11);
  });
});
