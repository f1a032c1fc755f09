import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appState } from '../../db/schema';

const KEY = 'jwt-secret';

/** The configured secret, or (outside production) one generated once and kept so restarts keep sessions. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const [row] = await db.select().from(appState).where(eq(appState.key, KEY));
  if (row && typeof row.value === 'string') return row.value;
  const secret = randomBytes(48).toString('base64url');
  await db.insert(appState).values({ key: KEY, value: secret }).onConflictDoNothing();
  const [stored] = await db.select().from(appState).where(eq(appState.key, KEY));
  return typeof stored?.value === 'string' ? stored.value : secret;
}
