import type { FastifyRequest } from 'fastify';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Whether a browser sent this request from another origin's page. Sec-Fetch-Site is the browser's own
 * verdict, which no page can set, so it decides when present (every current browser sends it): only
 * same-origin passes. Without it (older browsers) an Origin header must be the site's own, PUBLIC_URL's.
 * A request with neither comes from no browser page (curl, a server), which could forge either header anyway.
 *
 * Origin is not compared when Sec-Fetch-Site vouches: a page opened at 127.0.0.1 while PUBLIC_URL says
 * localhost is still our own page.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== publicOrigin;
}
