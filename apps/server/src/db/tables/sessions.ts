import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, singleUse, timestampTz } from './columns';
import { userId } from './users';

/** Login sessions and the secrets that prove them: refresh tokens, remember-me cookies, e-mailed tokens. */

/** One row per login session; tokenId is its id. Only the current refresh token's hash is kept here. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens already rotated away: presenting one again is theft, and revokes its session. */
export const usedRefreshTokens = pgTable('used_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  usedAt: createdAt(),
});

/** Remember-me cookies: hashed, rotated on use, with a fixed 30-day absolute expiry. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userId(),
    ...singleUse(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);

/** E-mail confirmation, password reset and login unlock tokens, stored as SHA-256 only, single use. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userId(),
    purpose: text('purpose', { enum: ['confirm', 'reset', 'unlock-login'] }).notNull(),
    ...singleUse(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);
