import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { startHarness } from '../../test-support/accounts';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { freshDatabaseEachTest } from '../../test-support/fresh-database';
import { createMailer, type MailMessage, type MailTransport } from './mailer';

/** Log lines, parsed, for the checks on what was logged. */
function logSink() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, write: (line: string) => void stream.write(line), log: pino({ level: 'info' }, stream) };
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const message = (n: number | string): MailMessage => ({
  to: `to-${n}@example.com`,
  subject: `Message ${n}`,
  text: `Body ${n}: https://goldroute.test/reset-password/secret${n}`,
  html: `<p>Body ${n}</p>`,
});

describe('delivery through the real app: mail is sent after the answer, and retried', () => {
  it('a temporary SMTP refusal (451) is retried and the mail delivered; only the record stays', async () => {
    const smtp = await startSmtpSink({ count: 1, code: 451 });
    const h = await startHarness({ SMTP_URL: smtp.url });
    try {
      const res = await h.api.post('/shared/users/register', {
        email: 'retry@example.com',
        password: 'GoldRoute#2026',
      });
      expect(res.status).toBe(201);
      const mail = await until(() => smtp.messages.find((m) => m.to.includes('retry@example.com')));
      expect(mail.subject).toBe('Confirm your GoldRoute e-mail address');
      expect(smtp.offered.filter((a) => a === 'retry@example.com')).toHaveLength(2);
      const row = await until(async () => {
        const [r] = await h.app.database.db.select().from(outbox).where(eq(outbox.to, 'retry@example.com'));
        return r?.sentAt ? r : undefined;
      });
      expect(row).toMatchObject({ attempts: 2, nextAttemptAt: null, text: '', html: '' });
    } finally {
      await h.close();
      await smtp.close();
    }
  });

  it('a permanent refusal (550) is not retried: the mail is given up and the failure logged', async () => {
    const smtp = await startSmtpSink({ count: 1, code: 550 });
    const logs = logSink();
    const h = await startHarness({ SMTP_URL: smtp.url, LOG_LEVEL: 'warn' }, { logStream: logs });
    try {
      const res = await h.api.post('/shared/users/register', {
        email: 'nobox@example.com',
        password: 'GoldRoute#2026',
      });
      expect(res.status).toBe(201);
      const given = await until(() => logs.lines.find((l) => l.msg === 'e-mail not delivered: given up'));
      expect(given).toMatchObject({
        level: 50,
        attempts: 1,
        subject: 'Confirm your GoldRoute e-mail address',
      });
      const [row] = await h.app.database.db.select().from(outbox).where(eq(outbox.to, 'nobox@example.com'));
      expect(row).toMatchObject({ attempts: 1, sentAt: null, nextAttemptAt: null, text: '' });
      expect(row?.lastError).toMatch(/No such mailbox/);
      expect(smtp.messages).toEqual([]);
    } finally {
      await h.close();
      await smtp.close();
    }
  });
});

describe('the background sender', () => {
  let db: Db;
  freshDatabaseEachTest((fresh) => (db = fresh));

  /** A transport that records what it sent, failing while `failing` says so. */
  function fakeTransport(failing: (to: string) => boolean = () => false) {
    const sent: string[] = [];
    const transport: MailTransport = {
      async sendMail(m) {
        await new Promise((r) => setTimeout(r, 2));
        if (failing(String(m.to))) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        sent.push(String(m.to));
        return {};
      },
    };
    return { sent, transport };
  }

  it('retries with backoff, then gives up and logs an error', async () => {
    const { transport } = fakeTransport(() => true);
    const logs = logSink();
    const mailer = createMailer({
      db,
      from: 'x@example.com',
      log: logs.log,
      transport,
      retryDelaysMs: [30, 60],
    });
    const started = Date.now();
    await mailer.send(message(1));
    const given = await until(() => logs.lines.find((l) => l.msg === 'e-mail not delivered: given up'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(given).toMatchObject({ level: 50, attempts: 3 });
    expect(
      logs.lines.filter((l) => l.msg === 'e-mail not delivered: will retry').map((l) => l.retryInMs),
    ).toEqual([30, 60]);
    const [row] = await db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 3, sentAt: null, nextAttemptAt: null, text: '', html: '' });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    await mailer.stop();
  });

  it('is woken by every queued mail, not by a timer', async () => {
    const { sent, transport } = fakeTransport();
    const mailer = createMailer({ db, from: 'x@example.com', log: pino({ level: 'silent' }), transport });
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      await mailer.send(message(i));
      await until(() => (sent.includes(`to-${i}@example.com`) ? true : undefined));
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    await mailer.stop();
  });

  it('two senders sharing the database deliver every mail exactly once', async () => {
    const a = fakeTransport();
    const b = fakeTransport();
    const log = pino({ level: 'silent' });
    const one = createMailer({ db, from: 'x@example.com', log, transport: a.transport });
    const two = createMailer({ db, from: 'x@example.com', log, transport: b.transport });
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await (i % 2 ? one : two).send(message(i));
        (i % 2 ? two : one).wake();
      }),
    );
    await until(() => (a.sent.length + b.sent.length >= 40 ? true : undefined));
    await Promise.all([one.stop(), two.stop()]);
    const all = [...a.sent, ...b.sent].sort();
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => `to-${i}@example.com`).sort());
    const rows = await db.select().from(outbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('stop lets a send under way finish; mail queued after it waits for the next start', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const transport: MailTransport = {
      async sendMail(m) {
        if (m.to === 'to-slow@example.com') await held;
        sent.push(String(m.to));
        return {};
      },
    };
    const mailer = createMailer({ db, from: 'x@example.com', log: pino({ level: 'silent' }), transport });
    await mailer.send(message('slow'));
    await new Promise((r) => setTimeout(r, 100));
    let stopped = false;
    const stopping = mailer.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sent).toEqual(['to-slow@example.com']);

    await mailer.send(message('later'));
    await new Promise((r) => setTimeout(r, 200));
    expect(sent).toEqual(['to-slow@example.com']);
    mailer.start();
    await until(() => (sent.includes('to-later@example.com') ? true : undefined));
    await mailer.stop();
  });

  it('without SMTP the mail stays for the demo mailbox, and a later SMTP sender leaves it alone', async () => {
    const log = pino({ level: 'silent' });
    const kept = createMailer({ db, from: 'x@example.com', log });
    expect(kept.kind).toBe('outbox');
    await kept.send(message('demo'));
    const { sent, transport } = fakeTransport();
    const smtp = createMailer({ db, from: 'x@example.com', log, transport });
    smtp.start();
    await smtp.send(message('real'));
    await until(() => (sent.includes('to-real@example.com') ? true : undefined));
    await smtp.stop();
    expect(sent).toEqual(['to-real@example.com']);
    const [demo] = await db.select().from(outbox).where(eq(outbox.to, 'to-demo@example.com'));
    expect(demo).toMatchObject({ sentAt: null, nextAttemptAt: null, attempts: 0, subject: 'Message demo' });
    expect(demo?.text).toContain('secretdemo');
  });

  it('a decoy costs the writes of a queued mail and leaves nothing', async () => {
    const { sent, transport } = fakeTransport();
    const mailer = createMailer({ db, from: 'x@example.com', log: pino({ level: 'silent' }), transport });
    await db.transaction(async (tx) => mailer.enqueueDecoy(tx, message('decoy')));
    mailer.wake();
    await new Promise((r) => setTimeout(r, 200));
    expect(await db.select().from(outbox)).toEqual([]);
    expect(sent).toEqual([]);
    await mailer.stop();
  });
});
