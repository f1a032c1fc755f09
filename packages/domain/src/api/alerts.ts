// Route alerts to Discord: a user's rules (which routes, where to post them).
import { z } from 'zod';
import { CONFIDENCE_LEVELS } from '../deal-evidence';
import { REGION_LIST } from '../enums';
import { isPresetView } from './presets';

/** Rules a user keeps. */
export const MAX_ALERT_RULES = 10;
export const ALERT_CHANNELS = ['webhook', 'dm'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const alertRuleSchema = z.object({
  id: z.string(),
  region: z.enum(REGION_LIST),
  /** The preset whose filters choose the routes; null: the rule's own `view`. */
  presetId: z.string().nullable(),
  presetName: z.string().nullable(),
  view: z.string().nullable(),
  /** Least expected profit of a route, gold. */
  minProfit: z.number(),
  minConfidence: z.enum(CONFIDENCE_LEVELS),
  channel: z.enum(ALERT_CHANNELS),
  /** The webhook's URL with its token hidden (the token is a password to post there). */
  webhook: z.string().nullable(),
  enabled: z.boolean(),
  /** Why deliveries stopped (the webhook was deleted, direct messages closed); null while it works. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

const minProfitSchema = z.number().int().min(0).max(100_000_000);

export const alertRuleCreateSchema = z
  .object({
    region: z.enum(REGION_LIST),
    presetId: z.uuid().optional(),
    view: z.string().max(4000).optional(),
    minProfit: minProfitSchema,
    minConfidence: z.enum(CONFIDENCE_LEVELS),
    channel: z.enum(ALERT_CHANNELS),
    webhookUrl: z.string().max(500).optional(),
  })
  .refine((body) => (body.presetId === undefined) !== (body.view === undefined), {
    message: 'Choose a preset or send the current filters, one of the two',
  })
  .refine((body) => body.view === undefined || isPresetView('flipping', body.view), {
    message: 'These filters cannot be used for alerts',
  });
export type AlertRuleCreate = z.infer<typeof alertRuleCreateSchema>;

/** Switch a rule on or off (on again after a failure: a new test post first), or change its thresholds. */
export const alertRuleUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  minProfit: minProfitSchema.optional(),
  minConfidence: z.enum(CONFIDENCE_LEVELS).optional(),
});

export const alertRuleParamsSchema = z.object({ id: z.uuid() });
export const alertRuleResponseSchema = z.object({ rule: alertRuleSchema });
export const alertRulesResponseSchema = z.object({
  rules: z.array(alertRuleSchema),
  /** Whether this user can choose direct messages (a bot is configured and their Discord account linked). */
  directMessages: z.boolean(),
  /** Whether this server sends direct messages at all (a bot is configured): without it, linking is no help. */
  directMessagesOnServer: z.boolean(),
});
