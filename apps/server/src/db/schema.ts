import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Small key/value store for process-wide facts (e.g. whether the demo accounts were seeded).
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
