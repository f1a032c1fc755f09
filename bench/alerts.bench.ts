// Route alerts at scale: BENCH_USERS subscribers (half US, half EU), each with a rule posting to a webhook
// of their own on a loopback Discord that keeps Discord's limits (50 requests a second over all routes,
// 5 per webhook per 2 s, 429 with retry_after past them). The simulator publishes as Blizzard does, with
// hours of BENCH_HOUR_SECONDS. For every alert: the time from its batch's Last-Modified (the last realm's,
// and the first's; the batch is the one the alert's heading names) to the moment Discord stored it. Also:
// messages per webhook per batch (more than one is a duplicate), a route line sent twice to one webhook,
// rules switched off or failing (a message lost), and each batch's delivery span against the floor
// Discord's global limit sets for its message count.
import { REGION_LIST, type Region } from '@goldroute/domain';
import { createEconomy, type EconomySize, type PublicationBatch } from '@goldroute/simulator';
import { startTestApp } from '@goldroute/server/test-support';
import { randomUUID } from 'node:crypto';
import { alertRules, subscriptions, users } from '../apps/server/src/db/schema';
import { sourceFromSimulator } from '../apps/server/src/modules/market/embedded-source';
import { startSimulatorThread } from '../apps/server/src/modules/market/simulator-thread';
import { startDiscordMessagesServer } from '../apps/server/src/test-support/discord-messages-server';
import { machine, machineText, loadText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, quantile } from './lib/stats';

const HOUR_MS = 3_600_000;
const userCount = Number(process.env.BENCH_USERS ?? 1000);
const hourSeconds = Number(process.env.BENCH_HOUR_SECONDS ?? 120);
const batchCount = Number(process.env.BENCH_BATCHES ?? 4);
const size = (process.env.BENCH_SIMULATOR_SIZE ?? 'small') as EconomySize;
const seed = Number(process.env.BENCH_SEED ?? 5);
const hourMs = hourSeconds * 1000;
/** Discord's global limit, and its per-webhook limit as it answers webhook executions. */
const GLOBAL_PER_SECOND = 50;
const WEBHOOK_LIMIT = { limit: 5, windowMs: 2_000 };
const TARGET_P95_S = 120;
const REALMS_PER_LIST = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function random(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(next: () => number, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(...pool.splice(Math.floor(next() * pool.length), 1));
  return out;
}

interface Alert {
  at: number;
  region: Region;
  webhook: string;
  /** The snapshot's Last-Modified the alert names (its heading's <t:…:t>), ms. */
  dataAt: number;
  lines: string[];
}

/** The batch whose realms carry `dataAt` (the newest dump of the snapshot the alert was made from). */
const batchOf = (batches: readonly PublicationBatch[], dataAt: number) =>
  batches.find((b) => dataAt >= b.startedAt - 2_000 && dataAt <= b.lastPublishedAt + 2_000);

async function main(): Promise<void> {
  const before = machine();
  const startTime = Math.floor((Date.now() - 24 * hourMs) / HOUR_MS) * HOUR_MS;
  const economy = createEconomy({ seed, size, startTime, hourMs });
  const simulator = await startSimulatorThread(
    { economy: { seed, size, startTime, hourMs } },
    economy.schedule,
  );
  const webhooks: Record<string, string> = {};
  const discord = await startDiscordMessagesServer({
    webhooks,
    globalPerSecond: GLOBAL_PER_SECOND,
    ...WEBHOOK_LIMIT,
  });
  const app = await startTestApp(
    {
      MARKET_SOURCE: 'simulator',
      SIMULATOR_SIZE: size,
      SIMULATOR_HOUR_SECONDS: String(hourSeconds),
      EVIDENCE_REPLAY_DAYS: '0',
      RATE_LIMIT_ENABLED: 'false',
      DISCORD_API_URL: discord.apiUrl,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    { marketSource: sourceFromSimulator(economy, simulator, 0) },
  );
  try {
    await app.market.refreshNow();
    const { db } = app.database;
    const next = random(seed);
    const regionOf = new Map<string, Region>();
    const now = new Date();
    const rows = Array.from({ length: userCount }, (_, i) => {
      const region = REGION_LIST[i % REGION_LIST.length] as Region;
      const realmIds = (app.market.store.realms(region) ?? []).map((r) => r.id);
      const hook = String(1_000_000_000 + i);
      webhooks[hook] = `bench_${randomUUID().replace(/-/g, '')}`;
      regionOf.set(hook, region);
      const buying = pick(next, realmIds, REALMS_PER_LIST);
      const selling = pick(next, realmIds, REALMS_PER_LIST);
      return {
        user: {
          id: randomUUID(),
          email: `alerts-bench-${i}@example.com`,
          passwordHash: 'not-a-login',
          emailConfirmedAt: now,
          ...(region === 'us'
            ? { retailBuyingRealmsUS: buying, retailSellingRealmsUS: selling }
            : { retailBuyingRealmsEU: buying, retailSellingRealmsEU: selling }),
        },
        region,
        hook,
        view: `profit=${pick(next, [1000, 2000, 5000, 10000], 1)[0]}`,
        minProfit: pick(next, [0, 100, 500, 1000], 1)[0] as number,
        minConfidence: pick(next, ['low', 'low', 'medium'] as const, 1)[0]!,
      };
    });
    // Set up in the database (the rules' test posts and 1,000 sign-ups are not what is measured).
    for (let i = 0; i < rows.length; i += 200) {
      const part = rows.slice(i, i + 200);
      await db.insert(users).values(part.map((r) => r.user));
      await db.insert(subscriptions).values(
        part.map((r) => ({
          id: randomUUID(),
          userId: r.user.id,
          source: 'gold' as const,
          type: 'premium',
          startsAt: now,
          expiresAt: new Date(now.getTime() + 30 * 86_400_000),
        })),
      );
      await db.insert(alertRules).values(
        part.map((r) => ({
          id: randomUUID(),
          userId: r.user.id,
          region: r.region,
          view: r.view,
          minProfit: r.minProfit,
          minConfidence: r.minConfidence,
          channel: 'webhook' as const,
          webhookId: r.hook,
          webhookToken: webhooks[r.hook]!,
        })),
      );
    }
    console.log(
      `seed ${seed}, size ${size}, hour ${hourSeconds} s, ${userCount} users, ${batchCount} batches`,
    );

    // The first measured batch is the next one to start: the alerts of the current snapshot go out first.
    const from = Date.now() + 5_000;
    const to = from + batchCount * hourMs;
    const batches: Record<Region, readonly PublicationBatch[]> = {
      us: economy.schedule.batches('us', from, to),
      eu: economy.schedule.batches('eu', from, to),
    };
    const lastLanding = Math.max(...REGION_LIST.map((r) => batches[r].at(-1)?.lastPublishedAt ?? to));
    const runEnd = lastLanding + Math.max(150_000, hourMs);
    const deliveredBefore = discord.delivered.length;
    console.log(`measuring until ${new Date(runEnd).toISOString()}`);
    while (Date.now() < runEnd) {
      await sleep(Math.min(30_000, runEnd - Date.now()));
      console.log(
        `${new Date().toISOString().slice(11, 19)} alerts so far: ${discord.delivered.length - deliveredBefore}`,
      );
    }

    const alerts: Alert[] = discord.delivered.slice(deliveredBefore).map((d) => ({
      at: d.at,
      webhook: d.target.replace(/^webhook:/, ''),
      region: regionOf.get(d.target.replace(/^webhook:/, '')) ?? 'us',
      dataAt: Number(/<t:(\d+):t>/.exec(d.message.content)?.[1] ?? 0) * 1000,
      lines: d.message.embeds.flatMap((e) => e.fields.map((f) => `${f.name}|${f.value}`)),
    }));
    const rules = await db.select().from(alertRules);
    report({
      alerts,
      batches,
      lost: rules.filter((r) => !r.enabled || r.failures > 0).length,
      rateLimited: discord.rateLimitedCount(),
      machineLine: `${machineText(before)}; load after ${loadText()}`,
    });
  } finally {
    await app.close();
    await discord.close();
  }
}

function report(o: {
  alerts: Alert[];
  batches: Record<Region, readonly PublicationBatch[]>;
  lost: number;
  rateLimited: number;
  machineLine: string;
}): void {
  const perBatch: string[][] = [];
  const fromLast: number[] = [];
  const fromFirst: number[] = [];
  let duplicates = 0;
  let repeatedRoutes = 0;
  const linesSent = new Map<string, Set<string>>();
  for (const region of REGION_LIST) {
    const list = o.batches[region];
    for (const batch of list) {
      const mine = o.alerts.filter((a) => a.region === region && batchOf(list, a.dataAt) === batch);
      if (mine.length === 0) {
        perBatch.push([region, String(batch.hour), '0', '', '', '', '']);
        continue;
      }
      const perHook = new Map<string, number>();
      for (const a of mine) {
        perHook.set(a.webhook, (perHook.get(a.webhook) ?? 0) + 1);
        fromLast.push(a.at - batch.lastPublishedAt);
        fromFirst.push(a.at - batch.startedAt);
        const seen = linesSent.get(a.webhook) ?? new Set<string>();
        for (const line of a.lines) if (seen.has(line)) repeatedRoutes++;
        for (const line of a.lines) seen.add(line);
        linesSent.set(a.webhook, seen);
      }
      for (const n of perHook.values()) duplicates += n - 1;
      const ats = mine.map((a) => a.at).sort((a, b) => a - b);
      const span = (ats.at(-1)! - ats[0]!) / 1000;
      const floor = mine.length / GLOBAL_PER_SECOND;
      perBatch.push([
        region,
        String(batch.hour),
        String(mine.length),
        seconds(ats[0]! - batch.lastPublishedAt),
        seconds(ats.at(-1)! - batch.lastPublishedAt),
        span.toFixed(1),
        `${(span / floor).toFixed(2)}x`,
      ]);
    }
  }
  const sortedLast = [...fromLast].sort((a, b) => a - b);
  const sortedFirst = [...fromFirst].sort((a, b) => a - b);
  const p = (sorted: number[], q: number) => (sorted.length ? seconds(quantile(sorted, q)) : 'n/a');
  const p95 = sorted95(sortedLast);
  const line =
    `alerts: users=${userCount} messages=${o.alerts.length} p50=${p(sortedLast, 0.5)}s p95=${p(sortedLast, 0.95)}s ` +
    `(from the batch's last realm; from its first: p95=${p(sortedFirst, 0.95)}s) duplicates=${duplicates} ` +
    `repeated-routes=${repeatedRoutes} lost=${o.lost} 429s=${o.rateLimited}`;
  const met = p95 !== null && p95 <= TARGET_P95_S * 1000 && duplicates === 0 && o.lost === 0;
  const body = `## Route alerts: ${count(userCount)} users on a rate-limited loopback Discord

Command: \`cd bench && BENCH_USERS=${userCount} BENCH_HOUR_SECONDS=${hourSeconds} BENCH_BATCHES=${batchCount} BENCH_SIMULATOR_SIZE=${size} BENCH_SEED=${seed} npm run bench:alerts\`

\`${line}\`

Target: p95 at most ${TARGET_P95_S} s after Blizzard's Last-Modified, no duplicate, none lost to a 429: **${met ? 'met' : 'not met'}**.
Each user has one rule (a flipping view with a profit floor, an expected-profit and a confidence minimum) over
${REALMS_PER_LIST} buying and ${REALMS_PER_LIST} selling realms of their region, posting to a webhook of their
own; the loopback Discord takes ${GLOBAL_PER_SECOND} requests a second over all webhooks and
${WEBHOOK_LIMIT.limit} per webhook per ${WEBHOOK_LIMIT.windowMs / 1000} s, answering 429 with retry_after past
them. The simulator's hour lasts ${hourSeconds} s (its batch spreads scale with it). "Span vs floor" is a
batch's first-to-last alert time against the time Discord's global limit alone needs for that many messages
(the reference: the fastest any sender could be). Setup (users, subscriptions, rules) is written to the
database directly, not through the rules' test posts. Machine: ${o.machineLine}.

${table(['region', 'hour', 'alerts', 'first after last realm (s)', 'last after last realm (s)', 'span (s)', 'span vs floor'], perBatch)}`;
  console.log(`\n${line}\n\n${body}`);
  writeSection('alerts', body);
}

function sorted95(sorted: number[]): number | null {
  return sorted.length ? quantile(sorted, 0.95) : null;
}

await main();
