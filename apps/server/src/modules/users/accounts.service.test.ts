import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, outbox, users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { openTestDatabase } from '../../test-support/test-database';
import { createMailer, type Mailer } from '../mail/mailer';
import type { SessionService } from '../sessions/sessions.service';
import { createAccountsService } from './accounts.service';

// Registration writes the user, their confirmation token and its mail together or not at all: an account
// whose confirmation mail was never queued could never be confirmed, and its address could not register
// again.
describe('registration, all or nothing', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let mailer: Mailer;
  const accounts = (m: Mailer) =>
    createAccountsService({
      db: db.database.db,
      mailer: m,
      // Registration never touches sessions.
      sessions: {} as SessionService,
      clock: systemClock,
      publicUrl: 'http://goldroute.test',
    });
  const rowsFor = async (email: string) => {
    const [user] = await db.database.db.select().from(users).where(eq(users.email, email));
    const tokens = user
      ? await db.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))
      : [];
    const mails = await db.database.db.select().from(outbox).where(eq(outbox.to, email));
    return { user: user !== undefined, tokens: tokens.length, mails: mails.length };
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    mailer = createMailer({
      from: 'GoldRoute <no-reply@goldroute.test>',
      db: db.database.db,
      log: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => db?.close());

  it('leaves nothing behind when queueing the confirmation mail fails, so the address can register again', async () => {
    const failing: Mailer = {
      ...mailer,
      enqueue: () => Promise.reject(new Error('outbox write failed')),
    };
    await expect(accounts(failing).register('atomic@example.com', 'Goldmaker#2026')).rejects.toThrow(
      'outbox write failed',
    );
    expect(await rowsFor('atomic@example.com')).toEqual({ user: false, tokens: 0, mails: 0 });

    await accounts(mailer).register('atomic@example.com', 'Goldmaker#2026');
    expect(await rowsFor('atomic@example.com')).toEqual({ user: true, tokens: 1, mails: 1 });
  });
});
