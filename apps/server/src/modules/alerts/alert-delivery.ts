// Route alerts after a region's batch: for every subscriber with enabled rules, the routes their rules find
// in the new snapshot that were not sent to the same place before (a route is sent again only once one of
// its listings changed: routeFingerprint), as one Discord message per destination. What was sent is
// recorded after Discord stored the message, so a failed post is tried again with the next run rather
// than lost; a destination that is gone switches its rules off at once, one that keeps failing after
// ALERT_FAILURES_BEFORE_OFF runs, each with the reason its owner sees.
import {
  alertMessage,
  flippingToolPath,
  itemLink,
  routeFingerprint,
  type AlertLinks,
  type Region,
  type TradeItem,
} from '@goldroute/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as turn } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { alertRules, alertSentRoutes, filterPresets, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MarketAccessReader } from '../market/market-access';
import type { MarketStore } from '../market/market-store';
import { DeliveryError, type DiscordMessages } from '../../sources/discord-messages';
import { batchRealms } from './alert-batch';
import { routesOfRule } from './alert-routes';

/** Runs in a row a destination may fail (Discord down, a message refused) before its rules are switched off. */
export const ALERT_FAILURES_BEFORE_OFF = 3;
/**
 * Least time between two messages to one destination, as a share of the batch interval: one message a batch,
 * however the batch's realms land (a group left behind and landing later waits for the next batch's message).
 */
export const ALERT_MIN_GAP_OF_INTERVAL = 0.5;
/** Messages on their way to Discord at once; @discordjs/rest queues each webhook's within its rate limit. */
const SENDING_AT_ONCE = 16;

interface RuleRow {
  id: string;
  userId: string;
  view: string;
  minProfit: number;
  minConfidence: (typeof alertRules.$inferSelect)['minConfidence'];
  channel: 'webhook' | 'dm';
  webhookId: string | null;
  webhookToken: string | null;
  discordId: string | null;
}

/** Where a user's rules post: each destination gets one message a run. */
interface Destination {
  userId: string;
  key: string;
  rules: RuleRow[];
}

export interface DeliveryReport {
  /** Destinations sent a message. */
  messages: number;
  /** Routes those messages carried. */
  routes: number;
  /** Destinations whose message failed (tried again next run unless switched off). */
  failed: number;
}

const destinationKey = (rule: RuleRow) => (rule.channel === 'dm' ? 'dm' : `webhook:${rule.webhookId}`);

export function createAlertDelivery(deps: {
  db: Db;
  clock: Clock;
  discord: DiscordMessages;
  store: MarketStore;
  access: MarketAccessReader;
  /** PUBLIC_URL: the tool links in a message. */
  publicUrl: string;
  /** The interval the source publishes its batches at (an hour; faster in tests). */
  batchIntervalMs: number;
  log: FastifyBaseLogger;
}) {
  const { db, clock, discord, store, log } = deps;

  /** Enabled rules of the region with the filters they follow (their own, or their preset's). */
  async function rulesOf(region: Region): Promise<Destination[]> {
    const rows = await db
      .select({
        id: alertRules.id,
        userId: alertRules.userId,
        view: sql<string | null>`coalesce(${filterPresets.view}, ${alertRules.view})`,
        minProfit: alertRules.minProfit,
        minConfidence: alertRules.minConfidence,
        channel: alertRules.channel,
        webhookId: alertRules.webhookId,
        webhookToken: alertRules.webhookToken,
        discordId: users.discordId,
      })
      .from(alertRules)
      .innerJoin(users, eq(users.id, alertRules.userId))
      .leftJoin(filterPresets, eq(filterPresets.id, alertRules.presetId))
      .where(and(eq(alertRules.region, region), eq(alertRules.enabled, true)));
    const destinations = new Map<string, Destination>();
    for (const row of rows) {
      if (row.view === null) continue; // its preset was deleted: the rule shows why
      const rule = { ...row, view: row.view };
      const key = destinationKey(rule);
      const id = `${row.userId}|${key}`;
      const found = destinations.get(id);
      if (found) found.rules.push(rule);
      else destinations.set(id, { userId: row.userId, key, rules: [rule] });
    }
    return [...destinations.values()];
  }

  /** The routes of a destination's rules, each once, without those already sent there. */
  /** Whether the destination was sent a message too recently for another (it had this batch's already). */
  async function sentLately(destination: Destination): Promise<boolean> {
    const [last] = await db
      .select({ at: sql<Date | string | null>`max(${alertSentRoutes.sentAt})` })
      .from(alertSentRoutes)
      .where(
        and(eq(alertSentRoutes.userId, destination.userId), eq(alertSentRoutes.destination, destination.key)),
      );
    if (!last?.at) return false;
    const gap = deps.batchIntervalMs * ALERT_MIN_GAP_OF_INTERVAL;
    return clock.now().getTime() - new Date(last.at).getTime() < gap;
  }

  async function newRoutes(
    region: Region,
    destination: Destination,
    searches: Map<string, TradeItem[]>,
  ): Promise<{ routes: TradeItem[]; viewOf: Map<number, string> } | null> {
    const market = store.current(region);
    const access = await deps.access.read(destination.userId);
    if (!market || !access?.hasAccess || (await sentLately(destination))) return null;
    const realms = access.savedRealms(region);
    // Routes on realms still holding an earlier batch carry old prices: they wait for their realm's batch.
    const fresh = batchRealms(market, deps.batchIntervalMs);
    const found = new Map<string, TradeItem>();
    /** The view that found a buying realm's first route: the message's link to that realm opens it. */
    const viewOf = new Map<number, string>();
    for (const rule of destination.rules)
      for (const route of routesOfRule(market.snapshot, realms, rule, searches)) {
        if (!fresh.has(route.buyingConnectedRealmId) || !fresh.has(route.sellingConnectedRealmId)) continue;
        found.set(routeFingerprint(route), route);
        if (!viewOf.has(route.buyingConnectedRealmId)) viewOf.set(route.buyingConnectedRealmId, rule.view);
      }
    if (found.size === 0) return null;
    const sent = await db
      .select({ fingerprint: alertSentRoutes.fingerprint })
      .from(alertSentRoutes)
      .where(
        and(
          eq(alertSentRoutes.userId, destination.userId),
          eq(alertSentRoutes.destination, destination.key),
          inArray(alertSentRoutes.fingerprint, [...found.keys()]),
        ),
      );
    for (const { fingerprint } of sent) found.delete(fingerprint);
    return found.size === 0 ? null : { routes: [...found.values()], viewOf };
  }

  function links(region: Region, viewOf: Map<number, string>): AlertLinks {
    return {
      item: itemLink,
      tool: (realmId) => {
        const params = new URLSearchParams(viewOf.get(realmId) ?? '');
        params.set('buy', String(realmId));
        return `${deps.publicUrl}${flippingToolPath(region)}?${params}`;
      },
    };
  }

  function send(destination: Destination, message: Parameters<DiscordMessages['toUser']>[1]) {
    const rule = destination.rules[0]!;
    if (rule.channel === 'dm') {
      if (!rule.discordId)
        throw new DeliveryError('gone', 'Link your Discord account again to receive alerts');
      return discord.toUser(rule.discordId, message);
    }
    return discord.toWebhook({ id: rule.webhookId!, token: rule.webhookToken! }, message);
  }

  /** A failed post: counted on the destination's rules, and past the limit (or gone) they are switched off. */
  async function failed(destination: Destination, err: DeliveryError): Promise<void> {
    const ids = destination.rules.map((r) => r.id);
    const failures = sql`${alertRules.failures} + 1`;
    const off = err.kind === 'gone' ? sql`true` : sql`${failures} >= ${ALERT_FAILURES_BEFORE_OFF}`;
    await db
      .update(alertRules)
      .set({
        failures,
        enabled: sql`not (${off})`,
        disabledReason: sql`case when ${off} then ${err.message} else null end`,
        updatedAt: clock.now(),
      })
      .where(inArray(alertRules.id, ids));
    log.warn({ userId: destination.userId, kind: err.kind, err: err.message }, 'route alert not delivered');
  }

  async function deliverTo(
    region: Region,
    destination: Destination,
    searches: Map<string, TradeItem[]>,
    heading: (count: number) => string,
  ): Promise<{ routes: number } | 'failed' | null> {
    const found = await newRoutes(region, destination, searches);
    if (!found) return null;
    const { message, sent } = alertMessage(
      found.routes,
      links(region, found.viewOf),
      heading(found.routes.length),
    );
    try {
      await send(destination, message);
    } catch (err) {
      if (!(err instanceof DeliveryError)) throw err;
      await failed(destination, err);
      return 'failed';
    }
    const sentAt = clock.now();
    // The routes past Discord's limits count as sent too: the message counted them and links the tool
    // that lists them; sent again later, they would make a second message of the same batch.
    await db
      .insert(alertSentRoutes)
      .values(
        found.routes.map((route) => ({
          userId: destination.userId,
          destination: destination.key,
          fingerprint: routeFingerprint(route),
          sentAt,
        })),
      )
      .onConflictDoNothing();
    const ids = destination.rules.map((r) => r.id);
    await db
      .update(alertRules)
      .set({ failures: 0 })
      .where(and(inArray(alertRules.id, ids), sql`${alertRules.failures} > 0`));
    return { routes: sent.length };
  }

  return {
    /**
     * Sends every destination of the region its new routes in the current snapshot. Safe to run again on
     * the same snapshot: what was sent is not sent twice, what failed is tried again.
     */
    async deliver(region: Region): Promise<DeliveryReport> {
      const market = store.current(region);
      const report: DeliveryReport = { messages: 0, routes: 0, failed: 0 };
      if (!market) return report;
      const destinations = await rulesOf(region);
      const searches = new Map<string, TradeItem[]>();
      // Discord shows a <t:…:t> timestamp in each reader's own time zone.
      const heading = (n: number) =>
        `**${n} new route${n === 1 ? '' : 's'}** on ${region.toUpperCase()} (auction data of <t:${market.lastModified}:t>)`;
      let next = 0;
      const worker = async () => {
        while (next < destinations.length) {
          const destination = destinations[next++]!;
          // A search holds the thread for a moment: requests answered in between keep their pace.
          await turn();
          const result = await deliverTo(region, destination, searches, heading).catch((err: unknown) => {
            log.error({ err, userId: destination.userId }, 'route alert run failed for a destination');
            return 'failed' as const;
          });
          if (result === 'failed') report.failed++;
          else if (result) {
            report.messages++;
            report.routes += result.routes;
          }
        }
      };
      await Promise.all(Array.from({ length: SENDING_AT_ONCE }, worker));
      if (report.messages + report.failed > 0) log.info({ region, ...report }, 'route alerts delivered');
      return report;
    },
  };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
