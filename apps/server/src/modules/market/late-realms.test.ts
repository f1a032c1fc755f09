import { LATE_AFTER_SECONDS, type Region } from '@goldroute/domain';
import type { LateRealm } from '@goldroute/domain/api';
import { flippingSearch } from '@goldroute/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness } from '../../test-support/market';

let h: Awaited<ReturnType<typeof startMarketHarness>>;
beforeAll(async () => {
  h = await startMarketHarness();
});
afterAll(() => h.close());

const realmIds = (region: Region) => h.app.market.store.realms(region)?.map((r) => r.id) ?? [];
const timer = async () =>
  (await h.api.get<{ lastModified: number; lateRealms: LateRealm[] }>('/shared/data/timer/us')).body;
/** Watch steps of the app's own job until `done` (its timers run it too: a run under way is joined). */
async function watchUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 5 && !done(); i++) await h.app.market.runJob('watch-market-us');
  expect(done()).toBe(true);
}

describe('a realm its region batch leaves behind', () => {
  it('is late LATE_AFTER_SECONDS after the batch is seen: in the timer, and its deals are stale', async () => {
    const ids = realmIds('us');
    const lateId = ids[ids.length - 1] ?? 0;
    const onTime = ids[0] ?? 0;
    const before = h.app.market.store.current('us');
    const lateSince = before?.meta.realmTimes[String(lateId)];
    h.simulator.inject({ path: `/connected-realm/${lateId}/auctions`, kind: '500', times: Infinity });
    h.simulator.advanceHour();

    const newTime = Math.floor(h.economy.lastModified('us', onTime, h.simulator.hour) / 1000);
    await watchUntil(() => h.app.market.store.current('us')?.meta.realmTimes[String(onTime)] === newTime);
    expect((await timer()).lateRealms).toEqual([]);

    h.clock.advanceMinutes(LATE_AFTER_SECONDS / 60);
    await watchUntil(() => (h.app.market.store.current('us')?.meta.lateRealms ?? []).length > 0);
    const label = h.app.market.store.realms('us')?.find((r) => r.id === lateId)?.label;
    expect((await timer()).lateRealms).toEqual([{ id: lateId, label, lastModified: lateSince }]);

    const snapshot = h.app.market.store.current('us')!.snapshot;
    const rows = [
      ...flippingSearch(snapshot, { buyingRealms: ids, sellingRealms: [lateId] }),
      ...flippingSearch(snapshot, { buyingRealms: [lateId], sellingRealms: ids }),
    ];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.flags.includes('stale'))).toBe(true);

    // The full poll is the safety net: the realm's dump arrives and it is late no more.
    h.simulator.clearFaults();
    await h.app.market.runJob('refresh-market-us');
    expect((await timer()).lateRealms).toEqual([]);
  });
});
