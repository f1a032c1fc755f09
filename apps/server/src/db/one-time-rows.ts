// Rows that work once until they expire (e-mail tokens, remember-me tokens, Discord link states).
import { and, gt, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The condition that a one-time row still works at `now`: never used, and not yet expired. */
export function unusedAndUnexpired(
  row: { usedAt: PgColumn; expiresAt: PgColumn },
  now: Date,
): SQL | undefined {
  return and(isNull(row.usedAt), gt(row.expiresAt, now));
}
