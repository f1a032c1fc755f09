import { idParamsSchema } from '@goldroute/domain/api';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { isPlainlyLocalRequest } from '../../lib/local-only';
import { replies, TEXT_REPLY } from '../../lib/route-schema';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * Demo mailbox for the embedded default: lets a local user open the mails the outbox kept. Registered on a
 * plainly local start only, and even then it answers nobody but this machine: to a proxied request it is
 * absent, since it hands out every account's confirmation and reset links.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, options) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPlainlyLocalRequest(request)) return reply.status(404).send({ error: 'Not found' });
  });

  const pages = replies(TEXT_REPLY);
  app.get('/dev/mailbox', { schema: { response: pages } }, async (_request, reply) => {
    const rows = await options.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(100);
    const items = rows
      .map(
        (m) =>
          `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a> — to ${escapeHtml(m.to)} — ` +
          `${m.createdAt.toISOString()}</li>`,
      )
      .join('');
    const body =
      '<p>Mail is kept here because no SMTP server is configured (SMTP_URL).</p>' +
      (items ? `<ul>${items}</ul>` : '<p>No messages yet.</p>');
    return reply.type('text/html; charset=utf-8').send(page('GoldRoute demo mailbox', body));
  });

  const message = { schema: { params: idParamsSchema, response: pages } };
  app.get('/dev/mailbox/:id', message, async (request, reply) => {
    const id = request.params.id;
    if (!/^[0-9a-f-]{36}$/.test(id)) return reply.status(404).send({ error: 'Message not found' });
    const [m] = await options.db.select().from(outbox).where(eq(outbox.id, id));
    if (!m) return reply.status(404).send({ error: 'Message not found' });
    const body =
      `<p>To: ${escapeHtml(m.to)}<br>Sent: ${m.createdAt.toISOString()}</p><hr>${m.html}<hr>` +
      '<p><a href="/dev/mailbox">Back to the mailbox</a></p>';
    return reply.type('text/html; charset=utf-8').send(page(m.subject, body));
  });
};
