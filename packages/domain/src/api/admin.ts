// Admin calls (SPEC §7 "Admin"); every one needs role admin.
import { z } from 'zod';
import { DURATION_MONTHS, SUBSCRIPTION_TYPES } from '../enums';
import { CONFIG_MESSAGES } from '../messages';
import { idStringSchema } from './common';

const countByKeySchema = z.record(z.string(), z.number());

// GET /shared/admin/stats
export const adminStatsResponseSchema = z.object({
  data: z.object({
    /** cache name -> region key ("global", "1" for NA, other for EU) -> count */
    cacheData: z.record(z.string(), countByKeySchema),
    /** region number -> connected realm id -> last update, unix seconds */
    timerData: z.record(z.string(), countByKeySchema),
    /** active, in cancelation, canceled, expired, no (SUBSCRIPTION_STAT_NAMES) -> { count } */
    subscriptionData: z.record(z.string(), z.object({ count: z.number() })),
  }),
  status: z.string().optional(),
});
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

// GET /shared/admin/get-users
export const adminUserSchema = z.object({ userID: z.string(), userEmail: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const getUsersResponseSchema = z.object({ data: z.array(adminUserSchema) });
export type GetUsersResponse = z.infer<typeof getUsersResponseSchema>;

// GET /shared/admin/add-subscription-time/{userId}/{type}/{months}: path params are strings.
export const addSubscriptionTimeParamsSchema = z.object({
  userId: idStringSchema,
  type: z.enum(SUBSCRIPTION_TYPES),
  months: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((months) => DURATION_MONTHS.includes(months), { message: CONFIG_MESSAGES.unknownDuration }),
});
export type AddSubscriptionTimeParams = z.input<typeof addSubscriptionTimeParamsSchema>;
export type AddSubscriptionTimeParamsParsed = z.output<typeof addSubscriptionTimeParamsSchema>;
export const addSubscriptionTimeResponseSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
});
export type AddSubscriptionTimeResponse = z.infer<typeof addSubscriptionTimeResponseSchema>;

// GET /shared/data/... cache refresh paths answer either a string or any json value.
export const cacheClearResponseSchema = z.unknown();
export type CacheClearResponse = z.infer<typeof cacheClearResponseSchema>;
