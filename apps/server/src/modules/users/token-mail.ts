// A one-time link mailed to an address that may or may not have an account (reset password, unlock
// login), written so that its cost tells nobody which it was.
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';
import type { MailMessage, Mailer } from '../mail/mailer';

/** The link's token row, less the account it belongs to. */
export type LinkToken = Omit<typeof emailTokens.$inferInsert, 'userId'>;

/**
 * One transaction of two writes either way: for an account, the token row and the queued mail; for an
 * address without one, the mail row written and removed again (nothing remains, nobody else sees it).
 * SMTP delivery follows in the background once the transaction has committed.
 */
export async function mailLinkToken(
  deps: { db: Db; mailer: Mailer },
  userId: string | undefined,
  token: LinkToken,
  mail: MailMessage,
): Promise<void> {
  const { db, mailer } = deps;
  await db.transaction(async (tx) => {
    if (userId !== undefined) {
      await tx.insert(emailTokens).values({ ...token, userId });
      await mailer.enqueue(tx, mail);
    } else {
      await mailer.enqueueDecoy(tx, mail);
    }
  });
  mailer.wake();
}
