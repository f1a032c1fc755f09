import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../test-support/test-clock';
import { useSimulatorAndDatabase } from '../test-support/simulator-fixture';
import { createBonusDataLoader, parseBonuses, parseCurves, parseSquishEras } from './bonus-data';

const fixture = useSimulatorAndDatabase(3);
const { economy } = fixture;
const retry = { attempts: 2, baseDelayMs: 5, timeoutMs: 1000 };
const log = pino({ level: 'silent' });
const clock = createTestClock();

const loader = (baseUrl = `${fixture.sim.url}/raidbots/`) =>
  createBonusDataLoader({ baseUrl, db: fixture.db.database.db, clock, log, retry });
const fetches = () => fixture.sim.requests.filter((r) => r.path.startsWith('/raidbots/')).length;

describe('raidbots bonus data', () => {
  const first = () => loader();
  let bonus: ReturnType<typeof first>;

  it('is empty until loaded, then holds the three files as served', async () => {
    bonus = first();
    expect(bonus.current()).toEqual({ bonuses: {}, curves: {}, squishEras: [] });
    await bonus.ensureFresh();
    expect(bonus.current()).toEqual(economy.bonusData);
    expect(fetches()).toBe(3);
  });

  it('is fetched again only once a day has passed', async () => {
    await bonus.ensureFresh();
    expect(fetches()).toBe(3);
    clock.advanceMinutes(25 * 60);
    const version = bonus.version();
    await bonus.ensureFresh();
    expect(fetches()).toBe(6);
    expect(bonus.version()).not.toBe(version);
    expect(bonus.current()).toEqual(economy.bonusData);
  });

  it.each(['malformed', 'truncated', '500'] as const)(
    'a %s refresh keeps the last good data',
    async (kind) => {
      const before = bonus.current();
      const version = bonus.version();
      fixture.sim.inject({ path: '/raidbots/bonuses.json', kind, times: 2 });
      await expect(bonus.bonuses.refresh()).rejects.toThrow();
      expect(bonus.current()).toBe(before);
      expect(bonus.version()).toBe(version);
      // The daily refresh of a stale copy fails the same way, quietly.
      clock.advanceMinutes(25 * 60);
      fixture.sim.inject({ path: '/raidbots/item-curves.json', kind, times: 2 });
      fixture.sim.inject({ path: '/raidbots/item-squish-era.json', kind, times: 2 });
      fixture.sim.inject({ path: '/raidbots/bonuses.json', kind, times: 2 });
      await bonus.ensureFresh();
      expect(bonus.current()).toEqual(economy.bonusData);
      expect(bonus.version()).toBe(version);
    },
  );

  it('reads the squish eras in era order and refuses a list without curve ids', () => {
    const eras = parseSquishEras([
      { id: 2, patch: 120000, curveId: 92181 },
      { id: 1, patch: 0, curveId: 0 },
    ]);
    expect(eras).toEqual([
      { id: 1, patch: 0, curveId: 0 },
      { id: 2, patch: 120000, curveId: 92181 },
    ]);
    expect(() => parseSquishEras({ eras: [] })).toThrow(/list of squish eras/);
    expect(() => parseSquishEras([{ id: 2, patch: 120000 }])).toThrow(/squish era 0 has no id or curveId/);
  });

  it('refuses files that are not objects of entries keyed by id', async () => {
    expect(() => parseBonuses([1, 2])).toThrow(/keyed by bonus id/);
    expect(() => parseBonuses({})).toThrow(/no bonuses/);
    expect(() => parseBonuses({ 1: 'x' })).toThrow(/bonus 1/);
    expect(() => parseCurves({ 7: { id: 7 } })).toThrow(/curve 7 has no points/);
    expect(parseCurves({ 7: { points: [] } })).toEqual({ 7: { points: [] } });
  });

  it('a restart without network still has the stored copy', async () => {
    const offline = loader('http://127.0.0.1:9/raidbots');
    await offline.ensureFresh();
    expect(offline.current()).toEqual(economy.bonusData);
  });
});
