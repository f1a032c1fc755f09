import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed. With `refuse`, it refuses the
 * first `refuse.count` recipients it is offered with SMTP code `refuse.code` (4xx: try later, 5xx: never).
 */
export async function startSmtpSink(refuse?: { count: number; code: number }): Promise<{
  url: string;
  messages: ReceivedMail[];
  /** Every recipient offered (RCPT TO), refused or not. */
  offered: string[];
  /** Waits for the next message to this address (mails are sent after the HTTP answer in some flows). */
  waitFor(to: string, count?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const offered: string[] = [];
  let refusalsLeft = refuse?.count ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      offered.push(address.address);
      if (refuse && refusalsLeft-- > 0) {
        const message = refuse.code >= 500 ? 'No such mailbox' : 'Try again later';
        return callback(Object.assign(new Error(message), { responseCode: refuse.code }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (mail) => {
            messages.push({
              to: (mail.to ?? []).map((a) => a.address ?? ''),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp sink has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    offered,
    async waitFor(to, count = 1) {
      for (let i = 0; i < 200; i++) {
        const mine = messages.filter((m) => m.to.includes(to));
        if (mine.length >= count) return mine[count - 1] as ReceivedMail;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail #${count} to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that points at our public URL. */
export function linkIn(mail: ReceivedMail, publicUrl: string): string {
  const match = mail.text.match(new RegExp(`${publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\S+`));
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}
