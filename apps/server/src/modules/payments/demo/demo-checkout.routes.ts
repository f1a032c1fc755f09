import { formatPriceAmount, planTypeFromLookupKey } from '@goldroute/domain';
import { idParamsSchema } from '@goldroute/domain/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../../lib/html';
import { replies, TEXT_REPLY } from '../../../lib/route-schema';
import { CROSS_SITE_REFUSED, isCrossSiteRequest } from '../../../lib/same-origin';
import type { CheckoutOwners } from './checkout-owner';
import type { DemoCheckoutView, DemoProvider } from './demo-provider';

export const DEMO_CHECKOUT_TITLE = 'Demo checkout: no card is charged';

// The demo provider's hosted checkout page, as Stripe Checkout is Stripe's: served by our server, outside
// the web app, with Pay and Cancel. Plain HTML and one stylesheet, so the strict CSP holds. Only the browser
// that started the checkout may use it (checkout-owner.ts), and Pay and Cancel refuse other sites' posts.

export const NOT_YOUR_CHECKOUT =
  'This checkout was started in another browser or by another account. Go back to your subscription page and start it again.';

const STYLES = `
:root{color-scheme:dark;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0d12;color:#e2e8f0;padding:24px;box-sizing:border-box}
main{width:100%;max-width:440px;background:#141821;border:1px solid #2a3140;border-radius:20px;padding:32px;box-sizing:border-box}
.banner{margin:0 0 24px;padding:12px 14px;border-radius:12px;background:#3b2f0b;border:1px solid #f5c451;color:#fde68a;font-weight:700;font-size:15px}
h1{margin:0 0 4px;font-size:22px;color:#fff}
.muted{color:#94a3b8;font-size:14px;line-height:1.5}
.amount{margin:20px 0 4px;font-size:40px;font-weight:800;color:#fff}
.amount span{font-size:16px;font-weight:500;color:#94a3b8}
.actions{display:flex;gap:12px;margin-top:28px}
.actions form{flex:1}
button,a.button{display:block;width:100%;box-sizing:border-box;height:48px;border-radius:12px;font:inherit;font-weight:700;font-size:16px;cursor:pointer;text-align:center;line-height:48px;text-decoration:none}
.pay{background:linear-gradient(#f8d77a,#e7b23c);color:#111;border:0}
.cancel,a.button{background:transparent;color:#e2e8f0;border:1px solid #3a4252}
`;

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/demo-checkout/checkout.css"></head>` +
    `<body><main><p class="banner" role="note">${escapeHtml(DEMO_CHECKOUT_TITLE)}</p>${body}</main></body></html>`
  );
}

function checkoutPage(view: DemoCheckoutView): string {
  const { price } = view;
  const plan = `GoldRoute ${planTypeFromLookupKey(price.lookup_key)}`;
  const per = price.recurring.interval === 'year' ? 'year' : 'month';
  if (view.status !== 'open') {
    const said = view.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired.';
    return page(
      DEMO_CHECKOUT_TITLE,
      `<h1>${escapeHtml(plan)}</h1><p class="muted">${said}</p>` +
        '<div class="actions"><a class="button" href="/subscription">Back to your subscription</a></div>',
    );
  }
  const action = (what: 'pay' | 'cancel') => `/demo-checkout/${encodeURIComponent(view.id)}/${what}`;
  return page(
    DEMO_CHECKOUT_TITLE,
    `<h1>${escapeHtml(plan)}</h1>` +
      `<p class="amount">${escapeHtml(formatPriceAmount(price))} <span>per ${per}</span></p>` +
      `<p class="muted">GoldRoute runs with its built-in demo payment provider: Pay starts your subscription for one ${per} ` +
      'and renews it on schedule, without taking any money. Cancel takes you back without subscribing.</p>' +
      '<div class="actions">' +
      `<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel</button></form>` +
      `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay</button></form>` +
      '</div>',
  );
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

export interface DemoCheckoutRoutesOptions {
  demo: DemoProvider;
  owners: CheckoutOwners;
  /** PUBLIC_URL's origin: the only one whose pages may post Pay and Cancel. */
  publicOrigin: string;
}

/** The checkout page (HTML), its stylesheet, and its Pay and Cancel forms. */
export const demoCheckoutRoutes: FastifyPluginAsyncZod<DemoCheckoutRoutesOptions> = async (app, o) => {
  const notFound = page(
    DEMO_CHECKOUT_TITLE,
    '<h1>Checkout not found</h1><p class="muted">This link is not valid.</p>',
  );
  const notYours = page(
    DEMO_CHECKOUT_TITLE,
    `<h1>Not your checkout</h1><p class="muted">${escapeHtml(NOT_YOUR_CHECKOUT)}</p>` +
      '<div class="actions"><a class="button" href="/subscription">Back to your subscription</a></div>',
  );

  type Owned = { view: DemoCheckoutView } | { refusal: { status: 403 | 404; page: string } };
  /** The session when this browser started it; otherwise the page that says why not. */
  async function ownedView(request: FastifyRequest, id: string): Promise<Owned> {
    const view = await o.demo.describeCheckout(id);
    if (!view) return { refusal: { status: 404, page: notFound } };
    if (!o.owners.owns(request, view.id)) return { refusal: { status: 403, page: notYours } };
    return { view };
  }

  // State changes come from our own checkout page only; the owner's cookie is SameSite=Strict as well.
  const sameOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isCrossSiteRequest(request, o.publicOrigin))
      return reply.status(403).send({ error: CROSS_SITE_REFUSED });
  };

  // The forms post no fields; their (empty) url-encoded body needs a parser all the same.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, {}),
  );

  const pages = replies(TEXT_REPLY);
  const checkout = { schema: { params: idParamsSchema, response: pages } };

  app.get('/demo-checkout/checkout.css', { schema: { response: pages } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLES),
  );

  app.get('/demo-checkout/:id', checkout, async (request, reply) => {
    const owned = await ownedView(request, request.params.id);
    if ('refusal' in owned) return html(reply, owned.refusal.status, owned.refusal.page);
    return html(reply, 200, checkoutPage(owned.view));
  });

  app.post('/demo-checkout/:id/pay', { ...checkout, preValidation: sameOrigin }, async (request, reply) => {
    const owned = await ownedView(request, request.params.id);
    if ('refusal' in owned) return html(reply, owned.refusal.status, owned.refusal.page);
    const next = await o.demo.pay(owned.view.id);
    if (next) return reply.redirect(next, 303);
    const now = await o.demo.describeCheckout(owned.view.id);
    return html(reply, 409, checkoutPage(now ?? owned.view));
  });

  app.post(
    '/demo-checkout/:id/cancel',
    { ...checkout, preValidation: sameOrigin },
    async (request, reply) => {
      const owned = await ownedView(request, request.params.id);
      if ('refusal' in owned) return html(reply, owned.refusal.status, owned.refusal.page);
      if (owned.view.status === 'open') await o.demo.expireCheckout(owned.view.id);
      return reply.redirect(owned.view.cancelUrl, 303);
    },
  );
};
