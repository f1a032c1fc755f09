import { attemptPayment, type Backend } from './billing';
import { missingParam } from './errors';
import type { FormParams } from './form';
import { newId } from './ids';
import { renderInvoice, renderPortalSession, renderSubscription } from './objects';
import { str } from './params';
import { AUTOMATIC, previousAttributes } from './webhooks';
import type { WirePortalSession } from './wire';

/**
 * POST /v1/billing_portal/sessions: a customer portal session for one customer, on the default
 * configuration. The customer's side of the portal (paying an open invoice with a new card) is a test action,
 * `payOpenInvoice`, like paying at Checkout.
 */
export function createPortalSession(backend: Backend, params: FormParams): WirePortalSession {
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = backend.store.customer(customerId, 'customer', 400);
  const session = {
    id: newId('bps_'),
    customer: customer.id,
    return_url: str(params, 'return_url') ?? null,
    created: backend.now(),
  };
  backend.store.portalSessions.set(session.id, session);
  return renderPortalSession(session, backend.baseUrl);
}

/**
 * The customer in the portal adds a new card and pays what is open: each open invoice of theirs is paid,
 * and a past_due subscription whose latest invoice that was becomes active again, with Stripe's events.
 * Returns the portal session's return_url.
 */
export function payOpenInvoices(backend: Backend, sessionId: string): string | null {
  const { store, webhooks } = backend;
  const session = store.portalSessions.get(sessionId);
  if (!session) throw new Error(`stripe-server: no portal session ${sessionId}`);
  for (const invoice of [...store.invoices.values()]) {
    if (invoice.customer !== session.customer || invoice.status !== 'open') continue;
    const sub = store.subscription(invoice.subscription);
    const before = renderSubscription(store, sub);
    attemptPayment(backend, invoice, true);
    webhooks.emit('invoice.paid', renderInvoice(store, invoice), AUTOMATIC);
    if (sub.status === 'past_due' && sub.latest_invoice === invoice.id) {
      sub.status = 'active';
      const after = renderSubscription(store, sub);
      webhooks.emit('customer.subscription.updated', after, AUTOMATIC, previousAttributes(before, after));
    }
  }
  return session.return_url;
}
