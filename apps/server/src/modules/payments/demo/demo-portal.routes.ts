import { formatMoney } from '@goldroute/domain';
import { idParamsSchema } from '@goldroute/domain/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../../lib/html';
import { replies, TEXT_REPLY } from '../../../lib/route-schema';
import { CROSS_SITE_REFUSED, isCrossSiteRequest } from '../../../lib/same-origin';
import type { ProviderInvoice } from '../payment-provider';
import type { CheckoutOwners } from './checkout-owner';
import type { DemoPortalView } from './demo-portal';
import type { DemoProvider } from './demo-provider';

export const DEMO_PORTAL_TITLE = 'Demo billing portal: no card is charged';
export const DEMO_PORTAL_TEXTS = {
  heading: 'Billing',
  failed: 'Your last payment failed',
  failedHint:
    'GoldRoute runs with its built-in demo payment provider, which keeps no cards. "Pay with a new card" pays this invoice again, without taking any money, and your subscription carries on.',
  pay: 'Pay with a new card',
  upToDate: 'Your payments are up to date',
  upToDateHint:
    'Nothing is waiting to be paid. The demo provider keeps no cards, so there is no card to change.',
  back: 'Back to your subscription',
  expired: 'This link has expired. Go back to your subscription page and open the billing page again.',
  notYours:
    'This billing page was opened in another browser or by another account. Go back to your subscription page and open it again.',
  notFound: 'This link is not valid.',
} as const;

// The demo provider's customer portal, as Stripe's billing portal is Stripe's: served by our server,
// outside the web app, plain HTML on the demo checkout's stylesheet (so the strict CSP holds). Only the
// browser that opened it may use it (checkout-owner.ts), and Pay refuses other sites' posts.

function page(body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(DEMO_PORTAL_TITLE)}</title><link rel="stylesheet" href="/demo-checkout/checkout.css"></head>` +
    `<body><main><p class="banner" role="note">${escapeHtml(DEMO_PORTAL_TITLE)}</p>${body}</main></body></html>`
  );
}

const back = (url: string) =>
  `<div class="actions"><a class="button" href="${escapeHtml(url)}">${DEMO_PORTAL_TEXTS.back}</a></div>`;

function invoiceLines(invoice: ProviderInvoice): string {
  return invoice.lines
    .map(
      (line) =>
        `<p class="muted">${escapeHtml(line.description)}: ${escapeHtml(formatMoney(line.amount, invoice.currency))}</p>`,
    )
    .join('');
}

function portalPage(view: DemoPortalView): string {
  const heading = `<h1>${DEMO_PORTAL_TEXTS.heading}</h1>`;
  if (view.expired)
    return page(`${heading}<p class="muted">${DEMO_PORTAL_TEXTS.expired}</p>${back('/subscription')}`);
  if (view.open.length === 0) {
    return page(
      `${heading}<p class="muted"><strong>${DEMO_PORTAL_TEXTS.upToDate}</strong></p>` +
        `<p class="muted">${DEMO_PORTAL_TEXTS.upToDateHint}</p>${back(view.returnUrl)}`,
    );
  }
  const due = view.open.reduce((sum, invoice) => sum + Math.max(invoice.total, 0), 0);
  const currency = view.open[0]?.currency ?? 'usd';
  return page(
    `${heading}<p class="muted"><strong>${DEMO_PORTAL_TEXTS.failed}</strong></p>` +
      `<p class="amount">${escapeHtml(formatMoney(due, currency))} <span>due</span></p>` +
      view.open.map(invoiceLines).join('') +
      `<p class="muted">${escapeHtml(DEMO_PORTAL_TEXTS.failedHint)}</p>` +
      '<div class="actions">' +
      `<form method="post" action="/demo-portal/${encodeURIComponent(view.id)}/pay">` +
      `<button class="pay" type="submit">${DEMO_PORTAL_TEXTS.pay}</button></form>` +
      '</div>' +
      back(view.returnUrl),
  );
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

export interface DemoPortalRoutesOptions {
  demo: DemoProvider;
  owners: CheckoutOwners;
  /** PUBLIC_URL's origin: the only one whose pages may post Pay. */
  publicOrigin: string;
}

/** The demo billing portal page (HTML) and its Pay form. */
export const demoPortalRoutes: FastifyPluginAsyncZod<DemoPortalRoutesOptions> = async (app, o) => {
  type Owned = { view: DemoPortalView } | { refusal: { status: 403 | 404; page: string } };
  async function ownedView(request: FastifyRequest, id: string): Promise<Owned> {
    const view = await o.demo.portal.describe(id);
    if (!view) {
      const body = `<h1>${DEMO_PORTAL_TEXTS.heading}</h1><p class="muted">${DEMO_PORTAL_TEXTS.notFound}</p>`;
      return { refusal: { status: 404, page: page(body) } };
    }
    if (!o.owners.owns(request, view.id)) {
      const body = `<h1>${DEMO_PORTAL_TEXTS.heading}</h1><p class="muted">${DEMO_PORTAL_TEXTS.notYours}</p>`;
      return { refusal: { status: 403, page: page(body + back('/subscription')) } };
    }
    return { view };
  }

  // The form posts no fields; its (empty) url-encoded body needs a parser all the same.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, {}),
  );

  const portal = { schema: { params: idParamsSchema, response: replies(TEXT_REPLY) } };

  app.get('/demo-portal/:id', portal, async (request, reply) => {
    const owned = await ownedView(request, request.params.id);
    if ('refusal' in owned) return html(reply, owned.refusal.status, owned.refusal.page);
    return html(reply, 200, portalPage(owned.view));
  });

  app.post(
    '/demo-portal/:id/pay',
    {
      ...portal,
      preValidation: async (request, reply) => {
        if (isCrossSiteRequest(request, o.publicOrigin))
          return reply.status(403).send({ error: CROSS_SITE_REFUSED });
      },
    },
    async (request, reply) => {
      const owned = await ownedView(request, request.params.id);
      if ('refusal' in owned) return html(reply, owned.refusal.status, owned.refusal.page);
      const next = await o.demo.portal.payOpen(owned.view.id);
      if (next) return reply.redirect(next, 303);
      return html(reply, 410, portalPage({ ...owned.view, expired: true }));
    },
  );
};
