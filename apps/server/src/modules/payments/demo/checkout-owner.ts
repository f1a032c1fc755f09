import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEMO_CHECKOUT_COOKIE = 'goldroute_demo_checkout';
/** Outlives any checkout session (31 minutes); the session's own expiry still decides. */
const COOKIE_SECONDS = 60 * 60;

/**
 * Binds a demo checkout (or a demo billing portal session, likewise) to the browser of the signed-in user
 * who started it. The checkout page is plain
 * server-rendered HTML reached by navigation, so it sees no bearer token; instead the checkout call (bearer
 * token, same-origin fetch) sets a cookie that only that session's page receives (Path), that no other
 * site's page can send along (SameSite=Strict), and that scripts cannot read (HttpOnly). The page, Pay and
 * Cancel need it: a leaked checkout link alone neither shows nor pays anything.
 *
 * The cookie holds an HMAC of the session id, so no row stores it and every process behind a load
 * balancer checks it alike; the key is derived from the shared signing secret for this purpose only.
 */
export function createCheckoutOwners(o: { secret: string; secureCookies: boolean }) {
  const key = createHmac('sha256', o.secret).update('demo-checkout-owner').digest();
  const proofOf = (sessionId: string) => createHmac('sha256', key).update(sessionId).digest('base64url');
  const pageOf = (paymentSessionUrl: string) =>
    /^\/(demo-checkout|demo-portal)\/([\w-]+)$/.exec(paymentSessionUrl) ?? undefined;

  return {
    /** On the checkout call's answer: this browser may open and pay the checkout it was sent to. */
    bind(reply: FastifyReply, paymentSessionUrl: string): void {
      const [path, , sessionId] = pageOf(paymentSessionUrl) ?? [];
      if (!path || !sessionId) return;
      void reply.setCookie(DEMO_CHECKOUT_COOKIE, proofOf(sessionId), {
        path,
        httpOnly: true,
        sameSite: 'strict',
        secure: o.secureCookies,
        maxAge: COOKIE_SECONDS,
      });
    },

    /** Whether this request comes from the browser the checkout was started in. */
    owns(request: FastifyRequest, sessionId: string): boolean {
      const given = Buffer.from(request.cookies[DEMO_CHECKOUT_COOKIE] ?? '');
      const expected = Buffer.from(proofOf(sessionId));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type CheckoutOwners = ReturnType<typeof createCheckoutOwners>;
