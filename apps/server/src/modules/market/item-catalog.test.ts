import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { createBlizzardClient } from '../../sources/blizzard';
import { useSimulatorAndDatabase } from '../../test-support/simulator-fixture';
import { createItemCatalog } from './item-catalog';

const fixture = useSimulatorAndDatabase(9);
const { economy } = fixture;
const retry = { attempts: 2, baseDelayMs: 5, timeoutMs: 1000 };

function catalog(options: { maxFetchPerRound?: number; maxFailuresPerRound?: number } = {}) {
  const blizzard = createBlizzardClient({
    clientId: 'id',
    clientSecret: 'secret',
    oauthUrl: `${fixture.sim.url}/token`,
    apiUrl: fixture.sim.url,
    retry,
  });
  return createItemCatalog({
    db: fixture.db.database.db,
    blizzard,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    ...options,
  });
}

/** Requests to the static item endpoints for these ids, in all. */
const asked = (ids: readonly number[]) =>
  fixture.sim.requests.filter((r) => ids.some((id) => r.path === `/data/wow/item/${id}`)).length;

const [a, b, c, d, e] = economy.items.map((i) => i.id);
const pet = economy.pets[0]?.speciesId ?? 0;
const ids = (...list: (number | undefined)[]) => list.map((id) => id ?? 0);

describe('item catalog', () => {
  it('fetches items (with their icon) and pets, remembers a 404 and leaves a 5xx for the next round', async () => {
    const cat = catalog();
    fixture.sim.inject({ path: `/data/wow/item/${b}`, kind: '404', times: Infinity });
    fixture.sim.inject({ path: `/data/wow/item/${c}`, kind: '500', times: Infinity });
    expect(await cat.learn('us', { itemIds: ids(a, b, c), petSpecies: [pet] })).toBe(2);
    expect(cat.item('us', a ?? 0)).toMatchObject({ name: economy.item(a ?? 0)?.name });
    expect(cat.item('us', a ?? 0)?.mediaURL).toMatch(/render\.worldofwarcraft\.com\/us\/icons\/56\//);
    expect(cat.pet('us', pet)).toMatchObject({ npcId: economy.pet(pet)?.npcId });
    expect(cat.item('us', b ?? 0)).toBeUndefined();
    expect(cat.item('us', c ?? 0)).toBeUndefined();
    expect(cat.item('eu', a ?? 0)).toBeUndefined();

    const before = asked(ids(b));
    fixture.sim.clearFaults();
    expect(await cat.learn('us', { itemIds: ids(a, b, c), petSpecies: [pet] })).toBe(1);
    expect(asked(ids(b))).toBe(before);
    expect(cat.item('us', c ?? 0)).toMatchObject({ name: economy.item(c ?? 0)?.name });
    expect(cat.counts('us')).toEqual({ items: 2, pets: 1 });
  });

  it('is kept in the database: a new catalog asks nothing it already knows, 404s included', async () => {
    const before = asked(ids(a, b, c));
    const cat = catalog();
    await cat.load();
    expect(cat.counts('us')).toEqual({ items: 2, pets: 1 });
    expect(await cat.learn('us', { itemIds: ids(a, b, c), petSpecies: [pet] })).toBe(0);
    expect(asked(ids(a, b, c))).toBe(before);
  });

  it('fetches at most a budget of ids per round, and stops a round after repeated failures', async () => {
    const cat = catalog({ maxFetchPerRound: 1, maxFailuresPerRound: 2 });
    expect(await cat.learn('eu', { itemIds: ids(d, e), petSpecies: [] })).toBe(1);
    expect(await cat.learn('eu', { itemIds: ids(d, e), petSpecies: [] })).toBe(1);
    expect(cat.counts('eu').items).toBe(2);

    const down = catalog({ maxFailuresPerRound: 2 });
    const rest = economy.items.slice(10, 30).map((i) => i.id);
    fixture.sim.inject({ path: '/data/wow/item/', kind: '503', times: Infinity, retryAfterSeconds: 0 });
    expect(await down.learn('eu', { itemIds: rest, petSpecies: [] })).toBe(0);
    // Four at once: the round stops after the in-flight ones fail instead of trying all twenty.
    expect(asked(rest)).toBeLessThanOrEqual(2 * 6);
    fixture.sim.clearFaults();
    expect(await down.learn('eu', { itemIds: rest, petSpecies: [] })).toBe(rest.length);
  });

  it('clearing a region forgets its entries, in memory and in the database', async () => {
    const cat = catalog();
    await cat.load();
    const version = cat.version();
    await cat.clear('items', ['eu']);
    expect(cat.version()).toBe(version + 1);
    expect(cat.counts('eu').items).toBe(0);
    expect(cat.counts('us').items).toBe(2);
    const again = catalog();
    await again.load();
    expect(again.counts('eu')).toEqual({ items: 0, pets: 0 });
    expect(again.counts('us')).toEqual({ items: 2, pets: 1 });
  });
});
