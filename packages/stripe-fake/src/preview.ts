import { addIntervals } from './calendar';
import { periodLine, prorationLines, type Backend } from './billing';
import { invalidRequest, missingParam } from './errors';
import type { FormParams } from './form';
import { newId } from './ids';
import { renderInvoice } from './objects';
import { int, obj, oneOf, str } from './params';
import type { InvoiceRecord, ItemRecord, LineRecord } from './state';
import { readItemChanges } from './subscriptions';
import type { WireInvoice } from './wire';

/**
 * POST /v1/invoices/create_preview for a subscription, with or without a change to preview
 * (`subscription_details[items]`). Nothing is stored: the answer is a draft invoice whose id starts with
 * `upcoming_in_`, as Stripe's previews do. With `proration_behavior=always_invoice`, or a change of interval
 * (which restarts the period now), it is the invoice the change would make at once; otherwise it is the next
 * renewal's, carrying the prorations. `proration_date` fixes the time prorations are computed for, so the
 * update that follows with the same date charges exactly the previewed figure.
 */
export function createPreview(backend: Backend, params: FormParams): WireInvoice {
  const { store } = backend;
  const subscriptionId = str(params, 'subscription');
  const customerId = str(params, 'customer');
  if (!subscriptionId) {
    if (!customerId) throw missingParam('customer');
    throw invalidRequest('stripe-server only previews the invoice of a subscription: pass subscription.');
  }
  const sub = store.subscriptions.get(subscriptionId);
  if (!sub)
    throw invalidRequest(`No such subscription: '${subscriptionId}'`, 'subscription', 'resource_missing');
  if (customerId !== undefined && customerId !== sub.customer) {
    throw invalidRequest(
      `The subscription '${sub.id}' does not belong to the customer '${customerId}'.`,
      'subscription',
    );
  }
  if (sub.status === 'canceled') {
    throw invalidRequest(
      `No upcoming invoices for customer: ${sub.customer}`,
      undefined,
      'invoice_upcoming_none',
    );
  }
  const details = obj(params, 'subscription_details') ?? {};
  const changes = readItemChanges(backend, sub, details);
  const behavior =
    oneOf(details, 'proration_behavior', ['create_prorations', 'always_invoice', 'none'] as const) ??
    'create_prorations';
  const now = backend.now();
  const prorationDate = int(details, 'proration_date', 'subscription_details[proration_date]') ?? now;

  const items: ItemRecord[] = sub.items.map((item) => ({ ...item }));
  const lines: LineRecord[] = [...sub.pendingLines];
  let restarts = false;
  for (const { item, price, quantity } of changes) {
    const old = { price: store.price(item.priceId), quantity: item.quantity };
    const next = { price: price ?? old.price, quantity: quantity ?? old.quantity };
    if (next.price.id === old.price.id && next.quantity === old.quantity) continue;
    const samePeriod = next.price.interval === old.price.interval;
    if (behavior !== 'none') lines.push(...prorationLines(store, item, old, next, prorationDate, samePeriod));
    const copy = items.find((candidate) => candidate.id === item.id);
    if (!copy) continue;
    copy.priceId = next.price.id;
    copy.quantity = next.quantity;
    if (!samePeriod) {
      restarts = true;
      copy.current_period_start = now;
      copy.current_period_end = addIntervals(now, next.price.interval, 1);
    }
  }

  const immediate = restarts || behavior === 'always_invoice';
  if (restarts) for (const item of items) lines.push(periodLine(store, item));
  if (!immediate) {
    // The next renewal: every item's following period at its (new) price.
    for (const item of items) {
      const interval = store.price(item.priceId).interval;
      const following = {
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: addIntervals(sub.anchor, interval, sub.cycle + 2),
      };
      lines.push(periodLine(store, following));
    }
  }
  const periodEnd = Math.max(...sub.items.map((item) => item.current_period_end));
  const periodStart = Math.min(...sub.items.map((item) => item.current_period_start));
  const preview: InvoiceRecord = {
    id: newId('upcoming_in_'),
    customer: sub.customer,
    customer_email: store.customers.get(sub.customer)?.email ?? null,
    subscription: sub.id,
    subscriptionMetadata: { ...sub.metadata },
    status: 'draft',
    billing_reason: immediate ? 'subscription_update' : 'subscription_cycle',
    currency: store.price(items[0]?.priceId ?? '').currency,
    lines,
    period_start: immediate ? now : periodStart,
    period_end: immediate ? now : periodEnd,
    created: now,
    attempt_count: 0,
    paid_at: null,
    next_payment_attempt: immediate ? null : periodEnd,
    ...(changes.length > 0 && behavior !== 'none' ? { proration_date: prorationDate } : {}),
    // A preview shows the customer's balance as it would apply; it changes nothing.
    starting_balance: store.customers.get(sub.customer)?.balance ?? 0,
    ending_balance: null,
  };
  return renderInvoice(store, preview);
}
