// The evidence replay runs in the background of a live app: it must leave the event loop to the app.
// Each replayed dump is a block of synchronous work; when the replay yielded a single loop turn between
// two of them, anything needing many turns (a streamed dump fetched by the other region's first
// refresh, a run of requests) got one turn per dump, and the app's first data came minutes late.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SnapshotBuilder } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayEvidence, type PastDumps } from './evidence-replay';

const HOUR_MS = 3_600_000;
/** What one replayed dump costs here: a standard-size dump takes tens of ms, a full-size one ~0.5 s. */
const DUMP_MS = 30;
/** Sequential loopback requests: each needs a few loop turns. */
const REQUESTS = 100;

const region = 'us' as const;
const economy = createEconomy({
  seed: 7,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
});
const realmIds = economy.connectedRealms(region).map((r) => r.id);

/** A builder with each realm's live dump, as the first refresh leaves it. */
function liveBuilder(): SnapshotBuilder {
  const data = economy.staticData(region);
  const builder = new SnapshotBuilder({
    region,
    realms: realmIds.map((id) => ({ id, name: `Realm ${id}`, population: 'Medium' })),
    items: data.items,
    pets: data.pets,
    bonusData: economy.bonusData,
    evidence: true,
  });
  const hour = economy.hourAt(Date.now());
  for (const id of realmIds)
    builder.ingest(id, economy.auctionsJson(region, id, hour), economy.lastModified(region, id, hour));
  return builder;
}

/** The simulator's past dumps, each costing DUMP_MS of synchronous work like a bigger economy's. */
const costlyPast: PastDumps = {
  days: 14,
  dump(realmId, hourMs) {
    const until = performance.now() + DUMP_MS;
    while (performance.now() < until);
    const hour = economy.hourAt(hourMs);
    return {
      body: economy.auctionsJson(region, realmId, hour),
      lastModified: economy.lastModified(region, realmId, hour),
    };
  },
};

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function requests(): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) expect(await (await fetch(url)).text()).toBe('ok');
  return performance.now() - started;
}

describe('evidence replay pacing', () => {
  it('leaves the app its share of the event loop while it replays', async () => {
    const alone = await requests();
    let stop = false;
    const replay = replayEvidence(
      { builder: liveBuilder(), realmIds, past: costlyPast, stopped: () => stop },
      async () => {},
    );
    try {
      const during = await requests();
      // One loop turn per dump made this at least REQUESTS * 2 turns * DUMP_MS = 6 s; the app's half of
      // the loop makes it about twice the time alone, plus the dump under way when it starts.
      expect(during, `alone ${alone.toFixed(0)} ms`).toBeLessThan(1_500 + 4 * alone);
    } finally {
      stop = true;
      await replay;
    }
  }, 60_000);

  it('is barely slowed on an idle app', async () => {
    // The replay's pauses on an idle app are a tenth of its work: count the dumps done in a second.
    let dumps = 0;
    const counting: PastDumps = {
      days: 14,
      dump: (id, hourMs) => {
        dumps++;
        return costlyPast.dump(id, hourMs);
      },
    };
    let stop = false;
    const replay = replayEvidence(
      { builder: liveBuilder(), realmIds, past: counting, stopped: () => stop },
      async () => {},
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await replay;
    // 1000 / DUMP_MS = 33 without any pause, about 25 with a tenth, 16 with the busy pause throughout.
    expect(dumps).toBeGreaterThanOrEqual(20);
  }, 60_000);
});
