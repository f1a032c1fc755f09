// The simulator server's HTTP helpers: an error that carries its answer, Blizzard's error body, request
// bodies with a size limit, gzip negotiation, and the checks of a Blizzard path's region and ids.
import type { IncomingMessage } from 'node:http';
import type { RegionCode } from './realms';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export const blizzardError = (status: number, detail: string): HttpError =>
  new HttpError(status, { code: status, type: `BLZWEBAPI00000${status}`, detail });

export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** Whether the request's If-Modified-Since is not older than `lastModified` (compared in whole seconds). */
export function notModifiedSince(req: IncomingMessage, lastModified: number): boolean {
  const since = req.headers['if-modified-since'];
  const sinceMs = typeof since === 'string' ? Date.parse(since) : NaN;
  return !Number.isNaN(sinceMs) && Math.floor(lastModified / 1000) * 1000 <= sinceMs;
}

export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export async function readBody(req: IncomingMessage, limit = 1 << 20): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new HttpError(413, { error: 'payload_too_large' });
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function regionFromNamespace(value: string | null, kind: 'dynamic' | 'static'): RegionCode {
  const m = /^(dynamic|static)-(us|eu)$/.exec(value ?? '');
  if (!m || m[1] !== kind) throw blizzardError(404, 'Not Found');
  return m[2] as RegionCode;
}

export function parseId(text: string | undefined): number {
  if (text === undefined || !/^\d{1,10}$/.test(text)) throw blizzardError(404, 'Not Found');
  return Number(text);
}
