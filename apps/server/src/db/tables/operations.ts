import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampTz, updatedAt } from './columns';

/** What the running deployment records about itself: process-wide facts, admin actions, job runs. */

// Small key/value store for process-wide facts (e.g. whether the demo accounts were seeded).
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Every admin action (grant, clear, refresh): who, what, on which target, when, and how it went. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey(),
    /** Kept as text too, so the record outlives the admin's account. */
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ['grant', 'clear', 'refresh'] }).notNull(),
    target: text('target').notNull(),
    ok: boolean('ok').notNull(),
    result: text('result').notNull(),
    at: timestampTz('at').notNull(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);

/**
 * One row per scheduled job: its last run, how long it took, and its last error, written by
 * whichever process ran it (in-process timer or BullMQ worker), so admin stats and /readyz in any process
 * show the deployment's jobs.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** The last run's start; a run under way has it later than finishedAt. */
  startedAt: timestampTz('started_at').notNull(),
  finishedAt: timestampTz('finished_at'),
  durationMs: integer('duration_ms'),
  ok: boolean('ok'),
  /** The process that ran it last (host:pid). */
  ranBy: text('ran_by').notNull(),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastErrorAt: timestampTz('last_error_at'),
});
