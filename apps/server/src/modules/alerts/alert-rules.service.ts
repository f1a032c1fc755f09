import { ALERT_TEXTS } from '@goldroute/domain';
import {
  MAX_ALERT_RULES,
  type AlertChannel,
  type AlertRule,
  type AlertRuleCreate,
} from '@goldroute/domain/api';
import { and, asc, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { alertRules, filterPresets, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import {
  DeliveryError,
  parseWebhookUrl,
  type DiscordMessages,
  type Webhook,
} from '../../sources/discord-messages';

type Row = typeof alertRules.$inferSelect;

/** What a rule without its preset says (the preset was deleted: the rule has no filters left). */
export const PRESET_GONE = 'Its preset was deleted: delete this rule and add one with another preset';

/** The webhook URL with its token hidden: enough to recognise it, not to post with it. */
const maskedWebhook = (row: Row) =>
  row.webhookId ? `https://discord.com/api/webhooks/${row.webhookId}/${'•'.repeat(8)}` : null;

function toRule(row: Row, presetName: string | null): AlertRule {
  const orphan = row.presetId === null && row.view === null;
  return {
    id: row.id,
    region: row.region,
    presetId: row.presetId,
    presetName,
    view: row.view,
    minProfit: row.minProfit,
    minConfidence: row.minConfidence,
    channel: row.channel,
    webhook: maskedWebhook(row),
    enabled: row.enabled && !orphan,
    disabledReason: orphan ? PRESET_GONE : row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's route alert rules: each call reads and changes the caller's own rules only. */
export function createAlertRulesService(deps: {
  db: Db;
  clock: Clock;
  discord: DiscordMessages;
  /** DISCORD_API_URL: where a pasted webhook URL may also point (a loopback Discord in tests). */
  discordApiUrl: string;
}) {
  const { db, clock, discord } = deps;
  const own = (userId: string, id: string) => and(eq(alertRules.userId, userId), eq(alertRules.id, id));

  async function list(
    userId: string,
  ): Promise<{ rules: AlertRule[]; directMessages: boolean; directMessagesOnServer: boolean }> {
    const rows = await db
      .select({ rule: alertRules, presetName: filterPresets.name })
      .from(alertRules)
      .leftJoin(filterPresets, eq(filterPresets.id, alertRules.presetId))
      .where(eq(alertRules.userId, userId))
      .orderBy(asc(alertRules.createdAt));
    const [user] = await db.select({ discordId: users.discordId }).from(users).where(eq(users.id, userId));
    return {
      rules: rows.map((r) => toRule(r.rule, r.presetName)),
      directMessages: discord.directMessages && Boolean(user?.discordId),
      directMessagesOnServer: discord.directMessages,
    };
  }

  /** Posts the test message where the rule will post, turning a failure into a 400 that says why. */
  async function testPost(send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (err) {
      if (err instanceof DeliveryError) throw new HttpError(400, err.message);
      throw err;
    }
  }

  /** A test post where a rule posts: to its webhook, or to the user's linked account from the bot. */
  async function checkDestination(
    userId: string,
    channel: AlertChannel,
    hook: Webhook | null,
  ): Promise<void> {
    const test = { content: ALERT_TEXTS.testPost, embeds: [] };
    if (channel === 'webhook') {
      if (!hook) throw new HttpError(400, ALERT_TEXTS.webhookRequired);
      return testPost(() => discord.toWebhook(hook, test));
    }
    if (!discord.directMessages) throw new HttpError(400, ALERT_TEXTS.directMessagesOff);
    const [user] = await db.select({ discordId: users.discordId }).from(users).where(eq(users.id, userId));
    const discordId = user?.discordId;
    if (!discordId) throw new HttpError(400, ALERT_TEXTS.discordNotLinked);
    return testPost(() => discord.toUser(discordId, test));
  }

  /** Where a new rule posts: the webhook its URL names, or the linked account; checked with a test post. */
  async function destination(userId: string, body: AlertRuleCreate) {
    let hook: Webhook | null = null;
    if (body.channel === 'webhook') {
      if (!body.webhookUrl) throw new HttpError(400, ALERT_TEXTS.webhookRequired);
      hook = parseWebhookUrl(body.webhookUrl, deps.discordApiUrl);
      if (!hook) throw new HttpError(400, ALERT_TEXTS.notAWebhook);
    }
    await checkDestination(userId, body.channel, hook);
    return { webhookId: hook?.id ?? null, webhookToken: hook?.token ?? null };
  }

  async function create(userId: string, body: AlertRuleCreate): Promise<AlertRule> {
    let presetName: string | null = null;
    if (body.presetId) {
      const [preset] = await db
        .select()
        .from(filterPresets)
        .where(and(eq(filterPresets.id, body.presetId), eq(filterPresets.userId, userId)));
      if (!preset) throw new HttpError(404, ALERT_TEXTS.presetNotFound);
      if (preset.tool !== 'flipping') throw new HttpError(400, ALERT_TEXTS.presetNotFlipping);
      presetName = preset.name;
    }
    const full = async (q: Db) => {
      const [counted] = await q.select({ n: count() }).from(alertRules).where(eq(alertRules.userId, userId));
      if ((counted?.n ?? 0) >= MAX_ALERT_RULES) throw new HttpError(409, ALERT_TEXTS.limit(MAX_ALERT_RULES));
    };
    await full(db);
    const where = await destination(userId, body);
    const now = clock.now();
    // Counted again with the user's row locked, so two rules saved at once cannot both pass the limit (the
    // test post above stays outside: no transaction waits on Discord).
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await full(tx as unknown as Db);
      const [inserted] = await tx
        .insert(alertRules)
        .values({
          id: randomUUID(),
          userId,
          region: body.region,
          presetId: body.presetId ?? null,
          view: body.view ?? null,
          minProfit: body.minProfit,
          minConfidence: body.minConfidence,
          channel: body.channel,
          ...where,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return inserted!;
    });
    return toRule(row, presetName);
  }

  async function update(
    userId: string,
    id: string,
    change: {
      enabled?: boolean | undefined;
      minProfit?: number | undefined;
      minConfidence?: AlertRule['minConfidence'] | undefined;
    },
  ): Promise<AlertRule> {
    const [current] = await db.select().from(alertRules).where(own(userId, id));
    if (!current) throw new HttpError(404, ALERT_TEXTS.notFound);
    // Switched on again (after a failure, or by hand): the destination must take a message now.
    if (change.enabled === true && !current.enabled) {
      const hook =
        current.webhookId && current.webhookToken
          ? { id: current.webhookId, token: current.webhookToken }
          : null;
      await checkDestination(userId, current.channel, hook);
    }
    const enabledAgain = change.enabled === true;
    const [row] = await db
      .update(alertRules)
      .set({
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
        ...(enabledAgain ? { failures: 0, disabledReason: null } : {}),
        ...(change.minProfit === undefined ? {} : { minProfit: change.minProfit }),
        ...(change.minConfidence === undefined ? {} : { minConfidence: change.minConfidence }),
        updatedAt: clock.now(),
      })
      .where(own(userId, id))
      .returning();
    if (!row) throw new HttpError(404, ALERT_TEXTS.notFound);
    const [preset] = row.presetId
      ? await db
          .select({ name: filterPresets.name })
          .from(filterPresets)
          .where(eq(filterPresets.id, row.presetId))
      : [];
    return toRule(row, preset?.name ?? null);
  }

  async function remove(userId: string, id: string): Promise<void> {
    const deleted = await db.delete(alertRules).where(own(userId, id)).returning({ id: alertRules.id });
    if (deleted.length === 0) throw new HttpError(404, ALERT_TEXTS.notFound);
  }

  return { list, create, update, remove };
}

export type AlertRulesService = ReturnType<typeof createAlertRulesService>;
