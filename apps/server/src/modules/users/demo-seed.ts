import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { appState, subscriptions, users } from '../../db/schema';
import { addDays, type Clock } from '../../lib/clock';
import { hashPassword } from './passwords';

const SEED_KEY = 'demo-accounts';
export const DEMO_ADMIN_EMAIL = 'demo-admin@goldroute.local';
export const DEMO_SUBSCRIBER_EMAIL = 'demo-subscriber@goldroute.local';

/**
 * The seeded accounts' passwords went to a local log, so they log in from a plainly local request only
 * (lib/local-only.ts): a database seeded on a developer's machine may later be served behind a proxy.
 */
export const isDemoAccount = (email: string): boolean =>
  email === DEMO_ADMIN_EMAIL || email === DEMO_SUBSCRIBER_EMAIL;

// Random, but always meets the password rules (upper, lower, digit, special).
const demoPassword = () => `Gr${randomBytes(9).toString('base64url')}9a!`;

/**
 * First start of the embedded default: an admin and a subscriber with a year of gold time, passwords printed
 * once. Called on a plainly local start only (see Config.demoAccounts), so only then do passwords reach the log.
 */
export async function seedDemoAccounts(db: Db, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  const [done] = await db.select().from(appState).where(eq(appState.key, SEED_KEY));
  if (done) return;
  const now = clock.now();
  const drafts = [
    { label: 'admin', email: DEMO_ADMIN_EMAIL, role: 'admin' as const, password: demoPassword() },
    { label: 'subscriber', email: DEMO_SUBSCRIBER_EMAIL, role: 'user' as const, password: demoPassword() },
  ];
  // Hashed before the transaction: it holds a pooled connection (and PGlite's only one) while it is open.
  const accounts = await Promise.all(
    drafts.map(async (a) => ({ ...a, passwordHash: await hashPassword(a.password) })),
  );
  await db.transaction(async (tx) => {
    for (const a of accounts) {
      const id = randomUUID();
      await tx.insert(users).values({
        id,
        email: a.email,
        role: a.role,
        passwordHash: a.passwordHash,
        emailConfirmedAt: now,
      });
      if (a.role === 'user') {
        await tx.insert(subscriptions).values({
          id: randomUUID(),
          userId: id,
          source: 'gold',
          type: 'premium',
          startsAt: now,
          expiresAt: addDays(now, 365),
        });
      }
    }
    await tx.insert(appState).values({ key: SEED_KEY, value: { seededAt: now.toISOString() } });
  });
  for (const a of accounts) log.info(`demo ${a.label}: ${a.email} ${a.password}`);
}
