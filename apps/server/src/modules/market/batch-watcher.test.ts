import {
  batchInterval,
  landingFrom,
  LATE_AFTER_SECONDS,
  nextBatchDue,
  PROBE_EVERY_MS,
  probeLead,
} from '@goldroute/domain';
import { flippingSearch } from '@goldroute/market';
import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlizzardClient } from '../../sources/blizzard';
import { createTsmClient } from '../../sources/tsm';
import { createBatchWatcher, type BatchWatcher } from './batch-watcher';
import { createMarketStore, type MarketStore } from './market-store';
import { createRegionIngestor, type RegionIngestor } from './region-ingestor';

const HOUR_MS = 3_600_000;
const MIN = 60_000;
const economy = createEconomy({
  seed: 13,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 6 * HOUR_MS,
});
const usData = economy.staticData('us');
const store = createMarketStore();
/** The watcher's clock: moved by the tests, never waited for. */
let nowMs = 0;
const clock = { now: () => new Date(nowMs) };
let sim: SimulatorServer;
let ingestor: RegionIngestor;
let watcher: BatchWatcher;

/** A US ingestor and its watcher reading `server`, publishing to `to`, on the tests' clock. */
function watched(server: SimulatorServer, to: MarketStore) {
  const retry = { attempts: 1, baseDelayMs: 5, timeoutMs: 2_000 };
  const log = pino({ level: 'silent' });
  const blizzard = createBlizzardClient({
    clientId: 'a',
    clientSecret: 'b',
    oauthUrl: `${server.url}/token`,
    apiUrl: server.url,
    retry,
  });
  const regionIngestor = createRegionIngestor({
    region: 'us',
    blizzard,
    tsm: createTsmClient({
      apiKey: 'k',
      clientId: 'c',
      authUrl: `${server.url}/oauth2/token`,
      pricingUrl: server.url,
      retry,
    }),
    sources: async () => ({ items: usData.items, pets: usData.pets, bonusData: economy.bonusData }),
    store: to,
    log,
  });
  const ids = () => to.realms('us')?.map((r) => r.id) ?? [];
  return {
    ingestor: regionIngestor,
    watcher: createBatchWatcher({
      region: 'us',
      ingestor: regionIngestor,
      blizzard,
      realmIds: ids,
      clock,
      log,
    }),
  };
}

beforeAll(async () => {
  sim = await startSimulatorServer({ economy, port: 0, hour: 1 });
  ({ ingestor, watcher } = watched(sim, store));
});
afterAll(async () => {
  await ingestor.close();
  await sim.close();
});

const realmIds = () => store.realms('us')?.map((r) => r.id) ?? [];
/** The realms whose auctions were asked for since request `from`, in order. */
const auctionsAsked = (from: number) =>
  sim.requests
    .slice(from)
    .map((r) => /connected-realm\/(\d+)\/auctions/.exec(r.path)?.[1])
    .filter((id) => id !== undefined)
    .map(Number);
const commoditiesAsked = (from: number) =>
  sim.requests.slice(from).filter((r) => r.path.endsWith('/auctions/commodities')).length;
/** Each realm's Last-Modified in an hour, as HTTP dates carry it (whole seconds), unix ms. */
const stampsOf = (hour: number) =>
  realmIds().map((id) => Math.floor(economy.lastModified('us', id, hour) / 1000) * 1000);
const version = () => store.current('us')?.version ?? 0;

/** Runs a watch step at `at` and returns the requests it made. */
async function stepAt(at: number) {
  nowMs = at;
  const from = sim.requests.length;
  await watcher.step();
  return { auctions: auctionsAsked(from), commodities: commoditiesAsked(from) };
}

describe('batch watching of a region', () => {
  let sentinels: number[] = [];

  it('learns the batch from the full poll and asks nothing while the next one is not due', async () => {
    nowMs = economy.hourTime(1) + 15 * MIN;
    expect(await ingestor.refresh()).toBe(4);
    expect(watcher.batchStarts()).toEqual([Math.min(...stampsOf(1))]);
    for (const minutes of [20, 40, 56])
      expect(await stepAt(Math.min(...stampsOf(1)) + minutes * MIN)).toEqual({
        auctions: [],
        commodities: 0,
      });
  });

  it('from 3 minutes before it is due, asks only the sentinels and the commodities, once a step', async () => {
    const due = Math.min(...stampsOf(1)) + 60 * MIN;
    const before = version();
    const first = await stepAt(due - 3 * MIN + 1_000);
    sentinels = [...first.auctions].sort((a, b) => a - b);
    expect(sentinels).toHaveLength(3);
    expect(new Set(sentinels).size).toBe(3);
    expect(first.commodities).toBe(1);
    const second = await stepAt(due - 3 * MIN + 1_000 + PROBE_EVERY_MS);
    expect([...second.auctions].sort((a, b) => a - b)).toEqual(sentinels);
    expect(second.commodities).toBe(1);
    // Nothing changed: nothing published.
    expect(version()).toBe(before);
  });

  it('detects the new batch within one probe step and fetches every realm once', async () => {
    const before = version();
    sim.advanceHour();
    const step = await stepAt(nowMs + PROBE_EVERY_MS);
    expect([...step.auctions].sort((a, b) => a - b)).toEqual([...realmIds()].sort((a, b) => a - b));
    expect(version()).toBeGreaterThan(before);
    const times = store.current('us')?.meta.realmTimes ?? {};
    expect(realmIds().map((id) => times[String(id)])).toEqual(stampsOf(2).map((t) => Math.floor(t / 1000)));
    expect(watcher.batchStarts()).toEqual([Math.min(...stampsOf(1)), Math.min(...stampsOf(2))]);
    // Landed: the window closed until the next batch is due.
    expect(await stepAt(nowMs + PROBE_EVERY_MS)).toEqual({ auctions: [], commodities: 0 });
  });

  it('re-probes a realm that keeps failing, marks it late after LATE_AFTER_SECONDS with its deals stale, until its dump arrives', async () => {
    const ids = realmIds();
    const lateId = ids.find((id) => !sentinels.includes(id)) ?? 0;
    sim.inject({ path: `/connected-realm/${lateId}/auctions`, kind: '500', times: Infinity });
    sim.advanceHour();
    // Detected at the first step of the probe window (its opening follows the learned interval, which
    // drifts with the simulated hour), landing from then or from the batch's own start if that is earlier.
    const starts = watcher.batchStarts();
    const detectedAt = nextBatchDue(starts)! - probeLead(batchInterval(starts)) + 1_000;
    const batchStart = Math.min(...stampsOf(3).filter((_, i) => ids[i] !== lateId));
    const lateAt = landingFrom(batchStart, detectedAt, batchInterval(starts)) + LATE_AFTER_SECONDS * 1000;
    const detection = await stepAt(detectedAt);
    expect(detection.auctions).toContain(lateId);
    expect(store.current('us')?.meta.lateRealms).toBeUndefined();

    // Re-probed alone while the batch lands; not late before its time.
    const before = version();
    expect(await stepAt(detectedAt + PROBE_EVERY_MS)).toEqual({ auctions: [lateId], commodities: 0 });
    expect(await stepAt(lateAt - 1)).toEqual({
      auctions: [lateId],
      commodities: 0,
    });
    expect(version()).toBe(before);

    await stepAt(lateAt);
    const market = store.current('us');
    expect(market?.version).toBeGreaterThan(before);
    expect(market?.meta.lateRealms).toEqual([lateId]);
    const snapshot = market!.snapshot;
    expect(snapshot.realmLate[snapshot.realmIndexOf(lateId)]).toBe(1);
    const toLate = flippingSearch(snapshot, { buyingRealms: ids, sellingRealms: [lateId] });
    const fromLate = flippingSearch(snapshot, { buyingRealms: [lateId], sellingRealms: ids });
    expect(toLate.length + fromLate.length).toBeGreaterThan(0);
    expect([...toLate, ...fromLate].every((row) => row.flags.includes('stale'))).toBe(true);
    // Decided: no more re-probing, the full poll is its safety net.
    expect(await stepAt(nowMs + PROBE_EVERY_MS)).toEqual({ auctions: [], commodities: 0 });

    sim.clearFaults();
    expect(await ingestor.refresh()).toBe(1);
    const caughtUp = store.current('us');
    expect(caughtUp?.meta.lateRealms).toBeUndefined();
    expect([...(caughtUp?.snapshot.realmLate ?? [])].every((v) => v === 0)).toBe(true);
  });
});

describe('a process that starts after its region batch landed', () => {
  it('marks the realms the batch left behind late at its first watch step', async () => {
    // The first batch of the coming days that leaves realms behind, and a start 40 minutes after it.
    const from = economy.hourTime(2);
    const left = economy.schedule
      .batches('us', from, from + 30 * 24 * HOUR_MS)
      .find((b) => b.leftBehind.length > 0 && b.realms.length > 0);
    if (!left) throw new Error('the schedule leaves no realm behind in 30 days');
    nowMs = left.startedAt + 40 * MIN;
    const scheduled = await startSimulatorServer({ economy, port: 0, clock: () => nowMs });
    const published = createMarketStore();
    const started = watched(scheduled, published);
    try {
      await started.ingestor.refresh();
      expect(published.current('us')?.meta.lateRealms).toBeUndefined();
      await started.watcher.step();
      const late = [...(published.current('us')?.meta.lateRealms ?? [])].sort((a, b) => a - b);
      expect(late).toEqual([...left.leftBehind].sort((a, b) => a - b));
    } finally {
      await started.ingestor.close();
      await scheduled.close();
    }
  });
});
