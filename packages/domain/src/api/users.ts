// Session and account calls under /shared/users/ (SPEC §7) and the User entity (SPEC §3).
//
// Bodies use z.object, which strips unknown keys: a request carrying role, hasAccess or
// isActive parses fine but those keys never reach the handler, so mass assignment is impossible
// while harmless client extras do not break a call. Every string has a length cap.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../constants';
import { CATEGORIES, FAVORITE_ACTIONS, ROLES, SUBSCRIPTION_TYPES } from '../enums';
import type { Config } from '../filters';
import { validateConfig } from '../filters';
import { EMAIL_MESSAGES } from '../messages';
import { DEAL_SORTS } from '../tool-opening';
import { CONFIDENCE_LEVELS } from '../deal-evidence';
import { EMAIL_PATTERN, MAX_PASSWORD_LENGTH, passwordPolicyError } from '../validation';
import {
  MAX_LIST_LENGTH,
  idStringSchema,
  messageResponseSchema,
  regionSchema,
  tokenStringSchema,
} from './common';
import { stripeSubscriptionSchema } from './payments';

// Login compares case-insensitively, so both login and register normalise the address.
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, EMAIL_MESSAGES.required)
  .max(MAX_EMAIL_LENGTH, EMAIL_MESSAGES.invalid)
  .regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid);

/** Any password up to the cap; used where the policy must not apply (login). */
export const passwordInputSchema = z.string().min(1).max(MAX_PASSWORD_LENGTH);

/** New passwords: the SPEC §5 rules plus the 128-character cap. */
export const newPasswordSchema = z.string().superRefine((pw, ctx) => {
  const error = passwordPolicyError(pw);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

const numberListSchema = z.array(z.number()).max(MAX_LIST_LENGTH);

/** Shape of the personal filter defaults, as stored and returned on the user. */
export const configShapeSchema = z.object({
  categories: z.array(z.string().max(50)).max(CATEGORIES.length * 2),
  qualities: numberListSchema,
  expansions: numberListSchema,
  sellRate: z.number(),
  saleAvg: z.number(),
  goldProfit: z.number(),
  goldProfitSaleAvg: z.number(),
  goldProfitSaleAvgEnabled: z.boolean().optional(),
  goldProfitPercent: z.number(),
  maxGoldBuyout: z.number(),
  minConfidence: z.enum(CONFIDENCE_LEVELS).optional(),
  hideDeadListings: z.boolean().optional(),
  dealSort: z.enum(DEAL_SORTS).optional(),
  exportHighConfidenceOnly: z.boolean().optional(),
}) satisfies z.ZodType<Config>;

/**
 * Config as a request body: the shape plus enum values and SPEC §5 ranges (validateConfig).
 * Responses use the plain shape so a config saved under older ranges never breaks a profile load.
 */
export const configSchema = configShapeSchema.superRefine((config, ctx) => {
  const error = validateConfig(config);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

const realmIdListSchema = z.array(z.number().int()).max(MAX_LIST_LENGTH);

export const goldSubscriptionSchema = z.object({
  type: z.enum(SUBSCRIPTION_TYPES),
  /** Unix seconds, like the provider's subscription times. */
  expiration: z.number(),
});

/** Responses are parsed with this too, so server-only columns (hashes) are dropped on the way out. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  hasAccess: z.boolean(),
  isActive: z.boolean(),
  isExpired: z.boolean(),
  inCancelation: z.boolean(),
  region: regionSchema.nullable(),
  favorites: z.array(z.string()),
  config: configShapeSchema.nullable(),
  retailBuyingRealmsUS: realmIdListSchema,
  retailSellingRealmsUS: realmIdListSchema,
  retailBuyingRealmsEU: realmIdListSchema,
  retailSellingRealmsEU: realmIdListSchema,
  goldSubscription: goldSubscriptionSchema.nullable(),
  stripeSubscription: stripeSubscriptionSchema.nullable(),
  /** The linked chat account, when there is one. */
  discord: z.object({ id: z.string(), username: z.string() }).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenId: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

// POST /shared/users/login
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  rememberMe: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = sessionSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// POST /shared/users/logout
export const logoutRequestSchema = z.object({
  tokenId: idStringSchema,
  allDevices: z.boolean().default(false),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
export const logoutResponseSchema = messageResponseSchema;
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

// POST /shared/users/refresh-token (a rotated refresh token may come back with the access token)
export const refreshTokenRequestSchema = z.object({ refreshToken: tokenStringSchema });
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;
export const refreshTokenResponseSchema = z.object({
  accessToken: z.string(),
  tokenId: z.string(),
  refreshToken: z.string().optional(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

// POST /shared/users/login-remember-me (no body: the remember-me credential travels as a cookie)
export const loginRememberMeResponseSchema = loginResponseSchema;
export type LoginRememberMeResponse = z.infer<typeof loginRememberMeResponseSchema>;

// GET /shared/users/login-with-token (bearer token verified, user returned)
export const loginWithTokenResponseSchema = z.object({ user: userSchema, accessToken: z.string() });
export type LoginWithTokenResponse = z.infer<typeof loginWithTokenResponseSchema>;

// POST /shared/users/link-discord
export const linkDiscordRequestSchema = z.object({ code: tokenStringSchema, state: tokenStringSchema });
export type LinkDiscordRequest = z.infer<typeof linkDiscordRequestSchema>;
export const linkDiscordResponseSchema = z.object({ user: userSchema });
export type LinkDiscordResponse = z.infer<typeof linkDiscordResponseSchema>;

// GET /shared/users/discord/availability: whether this server can link a Discord account (a Discord app is
// configured), and why not when it cannot.
export const discordAvailabilityResponseSchema = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
});
export type DiscordAvailabilityResponse = z.infer<typeof discordAvailabilityResponseSchema>;

// GET /shared/users/discord/authorize-url: where the browser goes to link a Discord account.
export const discordAuthorizeUrlResponseSchema = z.object({ url: z.string() });
export type DiscordAuthorizeUrlResponse = z.infer<typeof discordAuthorizeUrlResponseSchema>;

// POST /shared/users/register
export const registerRequestSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerResponseSchema = messageResponseSchema;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// POST /shared/users/reset-password/{resetToken}
export const resetPasswordParamsSchema = z.object({ resetToken: tokenStringSchema });
export type ResetPasswordParams = z.infer<typeof resetPasswordParamsSchema>;
export const resetPasswordRequestSchema = z.object({ newPassword: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const resetPasswordResponseSchema = messageResponseSchema;
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

// GET /shared/users/reset-password/{resetToken}: whether the link still works, without spending it. The
// answer is only that, so it tells nobody whose link it is or whether an account exists.
export const resetLinkCheckResponseSchema = z.object({ valid: z.boolean() });
export type ResetLinkCheckResponse = z.infer<typeof resetLinkCheckResponseSchema>;

// GET /shared/users/confirm/{confirmationToken}
export const confirmParamsSchema = z.object({ confirmationToken: tokenStringSchema });
export type ConfirmParams = z.infer<typeof confirmParamsSchema>;
export const confirmResponseSchema = messageResponseSchema;
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

// POST /shared/users/forgot-password
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotPasswordResponseSchema = messageResponseSchema;
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

// POST /shared/users/unlock-login: spends a mailed unlock link and makes the calling device known for its
// account, so that device logs in while logins from new devices are paused.
export const unlockLoginRequestSchema = z.object({ token: tokenStringSchema });
export type UnlockLoginRequest = z.infer<typeof unlockLoginRequestSchema>;
export const unlockLoginResponseSchema = messageResponseSchema;
export type UnlockLoginResponse = z.infer<typeof unlockLoginResponseSchema>;

// GET /shared/users/profile
export const profileResponseSchema = z.object({ user: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

// PUT /shared/users/settings: realm ids travel as value strings of digits and parse to numbers.
export const realmValueSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number);
const realmValueListSchema = z.array(realmValueSchema).max(MAX_LIST_LENGTH);

export const settingsRequestSchema = z.object({
  region: regionSchema,
  retailBuyingRealmsUS: realmValueListSchema.optional(),
  retailSellingRealmsUS: realmValueListSchema.optional(),
  retailBuyingRealmsEU: realmValueListSchema.optional(),
  retailSellingRealmsEU: realmValueListSchema.optional(),
});
/** What the client sends (value strings). */
export type SettingsRequest = z.input<typeof settingsRequestSchema>;
/** What the server gets after parsing (numbers). */
export type SettingsRequestParsed = z.output<typeof settingsRequestSchema>;
export const settingsResponseSchema = z.object({ user: userSchema, message: z.string() });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

// PUT /shared/users/settings-personal
export const settingsPersonalRequestSchema = z.object({ config: configSchema });
export type SettingsPersonalRequest = z.infer<typeof settingsPersonalRequestSchema>;
export const settingsPersonalResponseSchema = z.object({ user: userSchema });
export type SettingsPersonalResponse = z.infer<typeof settingsPersonalResponseSchema>;

// POST /shared/users/favorites
export const favoritesRequestSchema = z.object({
  uniqueItemKey: idStringSchema,
  action: z.enum(FAVORITE_ACTIONS),
});
export type FavoritesRequest = z.infer<typeof favoritesRequestSchema>;
export const favoritesResponseSchema = z.object({ data: z.object({ favorites: z.array(z.string()) }) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
