import type { FastifyRequest } from 'fastify';

// What the development conveniences (demo mailbox, demo accounts) demand before they open: that nobody but
// this machine's own user can reach them. Decided twice: once for the whole start (is this a developer's
// machine at all?), and again for every request (did this one come straight from this machine?).

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A socket peer: IPv4 arrives as ::ffff:127.0.0.1 on a dual-stack listener. */
const isLoopbackPeer = (address: string): boolean => isLoopback(address.replace(/^::ffff:/i, ''));

/** Any of these means a proxy (or somebody posing as one) forwarded the request. */
export const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
] as const;

/**
 * The TCP peer is this machine and no proxy header is present. Never request.ip: behind a trusted proxy it is
 * the client's address taken from X-Forwarded-For, and a local reverse proxy makes every caller's socket a
 * loopback one, so only both tests together tell a local developer from the internet.
 */
export function isPlainlyLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  return isLoopbackPeer(peer) && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

export interface StartSettings {
  nodeEnv: string;
  host: string;
  /** PUBLIC_URL as given (unset: the local default). */
  publicUrl: string | undefined;
  /** TRUST_PROXY as given ('false': no proxy). */
  trustProxy: string;
}

/**
 * Why this start is not plainly local, or null when it is: outside production, listening on a loopback
 * address, known to the world by no other name, and behind no proxy (a configured one forwards requests from
 * anywhere, and they all arrive from a loopback socket).
 */
export function notPlainlyLocalStart(s: StartSettings): string | null {
  if (s.nodeEnv === 'production') return 'NODE_ENV=production';
  if (!isLoopback(s.host)) return `HOST=${s.host} is not a loopback address: others can reach this server`;
  if (s.publicUrl !== undefined) {
    const host = new URL(s.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
    if (!isLoopback(host))
      return `PUBLIC_URL=${s.publicUrl} is not a loopback address: the server is reached from elsewhere`;
  }
  if (s.trustProxy !== 'false')
    return `TRUST_PROXY=${s.trustProxy} is set: requests come through a proxy, from anywhere`;
  return null;
}
