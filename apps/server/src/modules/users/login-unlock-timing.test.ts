import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { openTestDatabase } from '../../test-support/test-database';
import { timingMedians } from '../../test-support/timing';
import { createMailer } from '../mail/mailer';
import { createLoginUnlockService, type LoginUnlockService } from './login-unlock.service';

// The unlock mail goes out when the login throttle refuses a new device, for an account that exists or not
// alike (the refusal answers the same either way). Its cost must not tell them apart either.

let test: Awaited<ReturnType<typeof openTestDatabase>>;
let unlock: LoginUnlockService;
const db = () => test.database.db;
beforeAll(async () => {
  test = await openTestDatabase();
  // No SMTP: mail stays in the outbox, so what is measured is the request's own work.
  const mailer = createMailer({
    from: 'GoldRoute <no-reply@goldroute.test>',
    db: db(),
    log: pino({ level: 'silent' }),
  });
  unlock = createLoginUnlockService({
    db: db(),
    mailer,
    clock: systemClock,
    publicUrl: 'https://goldroute.test',
    store: undefined,
  });
});
afterAll(() => test?.close());

async function timed(email: string): Promise<number> {
  const started = performance.now();
  await unlock.mailLink(email);
  return performance.now() - started;
}

describe('the unlock mail does not tell by its cost which addresses have an account', () => {
  it('costs an existing and an unknown address the same (medians of 50 each, under 5 ms apart)', async () => {
    await db()
      .insert(users)
      .values({ id: randomUUID(), email: 'unlock-timed@example.com', passwordHash: 'not used here' });
    const medians = await timingMedians('unlock mail', timed, {
      known: 'unlock-timed@example.com',
      warm: (i) => `unlock-warm-${i}@example.com`,
      unknown: (i) => `unlock-nobody-${i}@example.com`,
    });
    expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(5);

    // Every mail to the account is queued; the decoys written for the others left nothing.
    expect(await db().select().from(outbox).where(eq(outbox.to, 'unlock-timed@example.com'))).toHaveLength(
      55,
    );
    expect(await db().select().from(outbox).where(eq(outbox.to, 'unlock-nobody-0@example.com'))).toEqual([]);
  });
});
