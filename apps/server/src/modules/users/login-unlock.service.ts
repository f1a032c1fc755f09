import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { unusedAndUnexpired } from '../../db/one-time-rows';
import { addMinutes, type Clock } from '../../lib/clock';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import { HttpError } from '../../lib/http-error';
import type { Mailer } from '../mail/mailer';
import { unlockLoginMail } from '../mail/templates';
import { markDeviceKnown } from './login-throttle';
import { mailLinkToken, type LinkToken } from './token-mail';
import type { ThrottleStore } from './login-throttle-store';

export const UNLOCK_TOKEN_MINUTES = 30;

export const LOGIN_UNLOCK_MESSAGES = {
  unlocked: 'This device is unlocked. You can log in now.',
  invalidLink:
    'This unlock link is invalid, already used or expired. Log in again to be sent a new one if you still need it.',
} as const;

/**
 * The way back in for a new device while the login throttle refuses it: a one-time link mailed to the
 * account, which makes the device that opens it known for the account.
 */
export function createLoginUnlockService(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** The login throttle's store; none while the throttle is off (nothing to unlock then). */
  store: ThrottleStore | undefined;
}) {
  const { db, mailer, clock, publicUrl } = deps;

  /**
   * Costs the same whether or not the address has an account, as forgot-password does: both paths make a
   * token and render the mail, then run one transaction of two writes; for an address without an account
   * the mail row is written and removed again within it, so nothing is sent and nothing remains.
   */
  async function mailLink(email: string): Promise<void> {
    const token = newSecureToken();
    const mail = unlockLoginMail(email, `${publicUrl}/unlock-login/${token}`);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const linkToken: LinkToken = {
      tokenHash: hashToken(token),
      purpose: 'unlock-login',
      expiresAt: addMinutes(clock.now(), UNLOCK_TOKEN_MINUTES),
    };
    await mailLinkToken({ db, mailer }, user?.id, linkToken, mail);
  }

  /** Spends the link (one conditional UPDATE: a second use, or a race, finds nothing) and knows `device`. */
  async function unlock(token: string, device: string): Promise<{ message: string }> {
    const now = clock.now();
    const [spent] = await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, 'unlock-login'),
          unusedAndUnexpired(emailTokens, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    const [user] = spent
      ? await db.select({ email: users.email }).from(users).where(eq(users.id, spent.userId))
      : [];
    if (!user) throw new HttpError(400, LOGIN_UNLOCK_MESSAGES.invalidLink);
    if (deps.store) await markDeviceKnown(deps.store, user.email, device);
    return { message: LOGIN_UNLOCK_MESSAGES.unlocked };
  }

  return { mailLink, unlock };
}

export type LoginUnlockService = ReturnType<typeof createLoginUnlockService>;
