import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged for local use when mail stays in the outbox. */
  link?: string;
}

/**
 * Waits before the 2nd, 3rd, … delivery attempt of a mail the SMTP server did not take. After the last one
 * (or at once on a permanent 5xx refusal) the mail is given up, and logged as an error.
 */
export const RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 5 * 60_000, 30 * 60_000] as const;
/** A claimed mail is free for any sender again after this long, should its own sender die mid-send. */
export const LEASE_MS = 2 * 60_000;
/** How often a sender looks for mail it was not woken for (queued by another process, or before a restart). */
export const POLL_MS = 30_000;
/** Mails one sender claims and sends at once. */
const BATCH = 10;
// Well inside LEASE_MS, so a mail is never sent twice because its lease ran out while a send still hung.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export interface Mailer {
  /** SMTP: a background sender delivers queued mail. Outbox: mail stays for the demo mailbox. */
  kind: 'smtp' | 'outbox';
  /** Queues the message in the outbox; with SMTP it is delivered right after, in the background. */
  send(message: MailMessage): Promise<void>;
  /** Queues the message inside the caller's transaction; call `wake()` once that has committed. */
  enqueue(tx: Db, message: MailMessage): Promise<void>;
  /**
   * The writes of `enqueue`, undone in the same transaction: for a request that must cost the same whether
   * or not it mails. Nothing remains, and no other transaction ever sees the row.
   */
  enqueueDecoy(tx: Db, message: MailMessage): Promise<void>;
  /** Tells the background sender there is mail (without SMTP, nothing to do). */
  wake(): void;
  /** Starts the background sender, which first sends whatever is due. The first `wake()` starts it too. */
  start(): void;
  /** Stops the background sender; sends under way finish, the rest waits in the outbox for the next start. */
  stop(): Promise<void>;
}

/** What the sender needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
}

/**
 * Every mail goes to the outbox table first, inside the request. With SMTP a background sender delivers
 * it (woken on every queued mail, retrying on failure); without, it stays there for the demo mailbox.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Instead of an SMTP connection made from `smtpUrl` (tests). */
  transport?: MailTransport;
  /** Instead of RETRY_DELAYS_MS (tests). */
  retryDelaysMs?: readonly number[];
}): Mailer {
  const { db, log } = options;
  const smtp =
    options.transport ??
    (options.smtpUrl && nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }));
  const rowOf = (m: MailMessage) => ({
    id: randomUUID(),
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    // Only SMTP mail is due for delivery; mailbox mail is never picked up, should SMTP be set up later.
    nextAttemptAt: smtp ? sql`now()` : null,
  });

  async function enqueue(tx: Db, m: MailMessage): Promise<void> {
    await tx.insert(outbox).values(rowOf(m));
  }

  async function enqueueDecoy(tx: Db, m: MailMessage): Promise<void> {
    const row = rowOf(m);
    await tx.insert(outbox).values(row);
    await tx.delete(outbox).where(eq(outbox.id, row.id));
  }

  /** Both kinds queue mail alike; they differ in what follows a send and in the background sender. */
  const mailerOf = (
    kind: Mailer['kind'],
    afterSend: (m: MailMessage) => void,
    sender: Pick<Mailer, 'wake' | 'start' | 'stop'>,
  ): Mailer => ({
    kind,
    enqueue,
    enqueueDecoy,
    async send(m) {
      await enqueue(db, m);
      afterSend(m);
    },
    wake: sender.wake,
    start: sender.start,
    stop: sender.stop,
  });

  if (!smtp) {
    return mailerOf(
      'outbox',
      (m) =>
        log.info(
          { to: m.to, subject: m.subject, link: m.link },
          'e-mail kept in the outbox: see /dev/mailbox',
        ),
      { wake: () => undefined, start: () => undefined, stop: async () => undefined },
    );
  }

  const sender = startOutboxSender({
    db,
    log,
    transport: smtp,
    from: options.from,
    retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
  });
  return mailerOf('smtp', () => sender.wake(), sender);
}

type OutboxRow = typeof outbox.$inferSelect;

/** True for an SMTP refusal that will not change on a retry (5xx), such as an unknown mailbox. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Delivers due outbox mail: claims a few rows (SKIP LOCKED, so processes sharing the database never take
 * the same row), sends them, and records the outcome. Times are the database's, shared by all processes.
 */
function startOutboxSender(deps: {
  db: Db;
  log: FastifyBaseLogger;
  transport: MailTransport;
  from: string;
  retryDelaysMs: readonly number[];
}) {
  const { db, log, transport } = deps;
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let draining: Promise<void> | null = null;
  let wokenWhileDraining = false;
  let poll: NodeJS.Timeout | undefined;
  let next: NodeJS.Timeout | undefined;

  const later = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: later(LEASE_MS) })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function deliver(m: OutboxRow): Promise<void> {
    try {
      await transport.sendMail({ from: deps.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    } catch (err) {
      const delay = permanent(err) ? undefined : deps.retryDelaysMs[m.attempts - 1];
      const lastError = err instanceof Error ? err.message : String(err);
      if (delay === undefined) {
        // The body goes: it may hold a live link, and nobody will send it now.
        await db
          .update(outbox)
          .set({ nextAttemptAt: null, lastError, text: '', html: '' })
          .where(eq(outbox.id, m.id));
        log.error(
          { err, mailId: m.id, subject: m.subject, attempts: m.attempts },
          'e-mail not delivered: given up',
        );
      } else {
        await db
          .update(outbox)
          .set({ nextAttemptAt: later(delay), lastError })
          .where(eq(outbox.id, m.id));
        log.warn(
          { err, mailId: m.id, subject: m.subject, attempts: m.attempts, retryInMs: delay },
          'e-mail not delivered: will retry',
        );
      }
      return;
    }
    // Sent: only the record stays (the demo mailbox is not served with SMTP), not the link it carried.
    await db
      .update(outbox)
      .set({ sentAt: sql`now()`, nextAttemptAt: null, lastError: null, text: '', html: '' })
      .where(eq(outbox.id, m.id));
  }

  /** Milliseconds until the next mail is due (a retry, or a lease running out), if any. */
  async function nextDueInMs(): Promise<number | undefined> {
    const [row] = await db
      .select({
        ms: sql<string | number | null>`extract(epoch from min(${outbox.nextAttemptAt}) - now()) * 1000`,
      })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNotNull(outbox.nextAttemptAt)));
    return row?.ms === null || row?.ms === undefined ? undefined : Number(row.ms);
  }

  async function drain(): Promise<void> {
    wokenWhileDraining = false;
    while (state === 'running') {
      const batch = await claim();
      if (batch.length === 0) break;
      // Claimed rows are sent even when a stop came meanwhile: stop() waits for them.
      await Promise.all(batch.map(deliver));
    }
    if (state !== 'running') return;
    const ms = await nextDueInMs();
    clearTimeout(next);
    // Further out than the poll: the poll finds it.
    if (ms !== undefined && ms < POLL_MS) {
      next = setTimeout(kick, Math.max(0, ms) + 5);
      next.unref();
    }
  }

  function kick(): void {
    if (state !== 'running') return;
    if (draining) {
      wokenWhileDraining = true;
      return;
    }
    draining = drain()
      .catch((err: unknown) => {
        if (state === 'running') log.error({ err }, 'outbox sender: a round failed; the poll tries again');
      })
      .finally(() => {
        draining = null;
        // Mail queued after this round's last look.
        if (wokenWhileDraining) kick();
      });
  }

  function start(): void {
    if (state === 'running') return;
    state = 'running';
    poll = setInterval(kick, POLL_MS);
    poll.unref();
    kick();
  }

  return {
    start,
    /** After the answer has gone out: the sender's own queries never delay the request that woke it. */
    wake(): void {
      setImmediate(() => (state === 'idle' ? start() : kick()));
    },
    async stop(): Promise<void> {
      state = 'stopped';
      clearInterval(poll);
      clearTimeout(next);
      await draining;
    },
  };
}
