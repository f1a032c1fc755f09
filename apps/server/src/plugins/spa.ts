import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../lib/html';
import { isApiPath } from './errors';

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>GoldRoute</title></head>' +
  '<body><h1>GoldRoute</h1><p>The web app is not built yet. Run <code>npm run build</code>.</p></body></html>';

/** `<meta name content>` tags added to the page's head: facts the web shows from its first paint, without a call. */
const metaTags = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`)
    .join('');

/**
 * Serves the built SPA: hashed assets are cached for a year, and every other GET outside the API
 * answers index.html so the client router decides (unknown paths show the landing page).
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  options: { meta?: Record<string, string> } = {},
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = (built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE).replace(
    '</head>',
    `${metaTags(options.meta ?? {})}</head>`,
  );

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      // Routes only for files that exist, so directories and client routes fall through to index.html.
      wildcard: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (!isPageRequest) return reply.status(404).send({ error: 'Not found' });
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
