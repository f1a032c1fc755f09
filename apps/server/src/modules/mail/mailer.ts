import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
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

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  kind: 'smtp' | 'outbox';
}

/** SMTP through nodemailer when configured; otherwise the outbox table, a log line and the demo mailbox. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({
          from: options.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await options.db
        .insert(outbox)
        .values({ id: randomUUID(), to: m.to, subject: m.subject, text: m.text, html: m.html });
      options.log.info(
        { to: m.to, subject: m.subject, link: m.link },
        'e-mail kept in the outbox: see /dev/mailbox',
      );
    },
  };
}
