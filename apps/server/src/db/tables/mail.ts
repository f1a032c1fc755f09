import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';

/**
 * Every mail, queued here inside the request that wrote it. With SMTP a background sender delivers it (with
 * retries); without, it stays for the demo mailbox page.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    /** When the SMTP server accepted it; null while queued, and for mail kept for the demo mailbox. */
    sentAt: timestampTz('sent_at'),
    /** Delivery attempts begun so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When the sender (re)tries it; null when there is nothing to do: sent, given up, or mailbox-only. */
    nextAttemptAt: timestampTz('next_attempt_at'),
    /** Why the last attempt failed. */
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and next_attempt_at is not null`),
  ],
);
