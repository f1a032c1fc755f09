import { randomUUID } from 'node:crypto';
import { RESET_LINK_MESSAGES } from '@goldroute/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { unusedAndUnexpired } from '../../db/one-time-rows';
import { addMinutes, type Clock } from '../../lib/clock';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import { HttpError } from '../../lib/http-error';
import type { Mailer } from '../mail/mailer';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from '../mail/templates';
import type { SessionService } from '../sessions/sessions.service';
import { isDemoAccount } from './demo-seed';
import { checkLogin, hashPassword, needsRehash } from './passwords';
import { mailLinkToken, type LinkToken } from './token-mail';

export const CONFIRM_TOKEN_MINUTES = 24 * 60;
export const RESET_TOKEN_MINUTES = 60;

export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful! Please check your email for verification.',
  confirmed: 'Email confirmed successfully! You can now log in.',
  invalidConfirmLink: 'This confirmation link is invalid or has expired.',
  invalidCredentials: 'Invalid email or password',
  notConfirmed:
    'Please confirm your email address before logging in. Check your inbox for the confirmation link.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  invalidResetLink: RESET_LINK_MESSAGES.invalid,
  resetDone: 'Password reset successfully',
} as const;

type Purpose = 'confirm' | 'reset';

export function createAccountsService(deps: {
  db: Db;
  mailer: Mailer;
  sessions: SessionService;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, mailer, sessions, clock, publicUrl } = deps;

  async function issueEmailToken(q: Db, userId: string, purpose: Purpose, minutes: number): Promise<string> {
    const token = newSecureToken();
    await q
      .insert(emailTokens)
      .values({ tokenHash: hashToken(token), userId, purpose, expiresAt: addMinutes(clock.now(), minutes) });
    return token;
  }

  /** The row of a token that still works: this purpose, unused and unexpired. */
  const usableToken = (token: string, purpose: Purpose, now: Date) =>
    and(
      eq(emailTokens.tokenHash, hashToken(token)),
      eq(emailTokens.purpose, purpose),
      unusedAndUnexpired(emailTokens, now),
    );

  /** Marks a token used in one conditional UPDATE: a second use, or a race, finds nothing. */
  async function spendEmailToken(q: Db, token: string, purpose: Purpose): Promise<string | null> {
    const now = clock.now();
    const rows = await q
      .update(emailTokens)
      .set({ usedAt: now })
      .where(usableToken(token, purpose, now))
      .returning({ userId: emailTokens.userId });
    return rows[0]?.userId ?? null;
  }

  const findByEmail = async (email: string) =>
    (await db.select().from(users).where(eq(users.email, email)))[0];

  /**
   * Always answers the same. A new address gets a confirmation link; an existing one gets a note to its owner,
   * so nobody learns from the answer (or its timing: the hash is computed either way) who has an account.
   */
  async function register(email: string, password: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(password);
    const existing = await findByEmail(email);
    if (existing) {
      await mailer.send(alreadyRegisteredMail(email, `${publicUrl}/forgot-password`));
      return { message: ACCOUNT_MESSAGES.registered };
    }
    const id = randomUUID();
    // The user, their confirmation token and its mail, or nothing: a cut between them would leave an
    // account that can never be confirmed.
    const created = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values({ id, email, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (inserted.length === 0) return false;
      const token = await issueEmailToken(tx, id, 'confirm', CONFIRM_TOKEN_MINUTES);
      await mailer.enqueue(tx, confirmEmailMail(email, `${publicUrl}/confirm-email/${token}`));
      return true;
    });
    if (!created) {
      await mailer.send(alreadyRegisteredMail(email, `${publicUrl}/forgot-password`));
      return { message: ACCOUNT_MESSAGES.registered };
    }
    mailer.wake();
    return { message: ACCOUNT_MESSAGES.registered };
  }

  async function confirm(token: string): Promise<{ message: string }> {
    const userId = await spendEmailToken(db, token, 'confirm');
    if (!userId) throw new HttpError(400, ACCOUNT_MESSAGES.invalidConfirmLink);
    await db
      .update(users)
      .set({ emailConfirmedAt: clock.now(), updatedAt: clock.now() })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    return { message: ACCOUNT_MESSAGES.confirmed };
  }

  /**
   * Checks the credentials; the "not confirmed" answer is only given to someone who knows the password. A demo
   * account from a caller that is not plainly local gets the wrong-password answer, after the same hashing.
   */
  async function authenticate(
    email: string,
    password: string,
    caller: { plainlyLocal: boolean },
  ): Promise<string> {
    // No pooled connection is held while the hash waits or runs: the read is over before (passwords.ts).
    const { account: user, ok } = await checkLogin(() => findByEmail(email), password);
    const refused = isDemoAccount(email) && !caller.plainlyLocal;
    if (!user || !ok || refused) throw new HttpError(401, ACCOUNT_MESSAGES.invalidCredentials);
    if (!user.emailConfirmedAt)
      throw new HttpError(403, ACCOUNT_MESSAGES.notConfirmed, { code: 'EMAIL_NOT_CONFIRMED' });
    if (needsRehash(user.passwordHash)) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id));
    }
    return user.id;
  }

  /**
   * Always answers the same, and costs the same whether or not the address has an account, so its timing
   * tells nobody either: both paths make a token and render the mail, then run one transaction of two writes.
   * For an account those are the token row and the queued mail; otherwise the mail row is written and
   * removed again within the transaction (nothing remains, nobody else sees it). SMTP delivery follows after
   * the answer, in the background.
   */
  async function forgotPassword(email: string): Promise<{ message: string }> {
    const token = newSecureToken();
    const tokenHash = hashToken(token);
    const mail = resetPasswordMail(email, `${publicUrl}/reset-password/${token}`);
    const user = await findByEmail(email);
    const linkToken: LinkToken = {
      tokenHash,
      purpose: 'reset',
      expiresAt: addMinutes(clock.now(), RESET_TOKEN_MINUTES),
    };
    await mailLinkToken({ db, mailer }, user?.id, linkToken, mail);
    return { message: ACCOUNT_MESSAGES.resetSent };
  }

  /**
   * Whether a reset link still works, read without spending it, so the reset page can say so on opening
   * instead of after the new password is typed. Only yes or no: nothing about the account behind it.
   */
  async function resetLinkValid(token: string): Promise<boolean> {
    const rows = await db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(usableToken(token, 'reset', clock.now()))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * A reset proves control of the mailbox, so it also confirms the address, and it ends every session.
   * Returns the account's e-mail beside the answer (for the login throttle), never sent to the caller.
   */
  async function resetPassword(
    token: string,
    newPassword: string,
  ): Promise<{ message: string; email: string }> {
    const passwordHash = await hashPassword(newPassword);
    // The token spent and the password changed together, or neither: never a spent link with the old
    // password still in place.
    const reset = await db.transaction(async (tx) => {
      const owner = await spendEmailToken(tx, token, 'reset');
      if (!owner) return null;
      const now = clock.now();
      const [user] = await tx
        .select({ confirmedAt: users.emailConfirmedAt, email: users.email })
        .from(users)
        .where(eq(users.id, owner));
      await tx
        .update(users)
        .set({ passwordHash, emailConfirmedAt: user?.confirmedAt ?? now, updatedAt: now })
        .where(eq(users.id, owner));
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(eq(emailTokens.userId, owner), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)),
        );
      return { userId: owner, email: user?.email ?? '' };
    });
    if (!reset) throw new HttpError(400, ACCOUNT_MESSAGES.invalidResetLink);
    await sessions.revokeAllForUser(reset.userId, 'password reset');
    return { message: ACCOUNT_MESSAGES.resetDone, email: reset.email };
  }

  return { register, confirm, authenticate, forgotPassword, resetLinkValid, resetPassword };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
