import type Stripe from 'stripe';
import { amountDueOf, totalOf } from './balance';
import {
  advancePeriod,
  attemptPayment,
  createInvoice,
  periodEnd,
  periodLine,
  prorationLines,
  resetPeriod,
  type Backend,
} from './billing';
import { invalidRequest } from './errors';
import type { FormParams } from './form';
import { renderInvoice, renderSubscription } from './objects';
import { bool, int, mergeMetadata, obj, objs, oneOf, str } from './params';
import type { InvoiceRecord, ItemRecord, PriceRecord, SubscriptionRecord } from './state';
import type { WireSubscription } from './wire';
import { AUTOMATIC, previousAttributes, type EventOrigin } from './webhooks';

/** Subscription changes: our app's updates (POST /v1/subscriptions/:id) and Stripe's own renewals and cancels. */

const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;

export interface ItemChange {
  item: ItemRecord;
  price: PriceRecord | undefined;
  quantity: number | undefined;
}

/** Reads `items[i][id|price|quantity]`, failing like Stripe for an unknown item or an unknown/inactive price. */
export function readItemChanges(backend: Backend, sub: SubscriptionRecord, params: FormParams): ItemChange[] {
  return objs(params, 'items').map((entry, i) => {
    const itemId = str(entry, 'id', `items[${i}][id]`);
    if (!itemId) {
      throw invalidRequest(
        'stripe-server only supports changing an existing item: pass items[i][id] with price and/or quantity.',
        `items[${i}][id]`,
      );
    }
    const item = sub.items.find((candidate) => candidate.id === itemId);
    if (!item) {
      throw invalidRequest(`No such subscription item: '${itemId}'`, `items[${i}][id]`, 'resource_missing');
    }
    const priceId = str(entry, 'price', `items[${i}][price]`);
    const price = priceId === undefined ? undefined : backend.store.price(priceId, `items[${i}][price]`, 400);
    if (price && !price.active) {
      throw invalidRequest(
        'The price specified is inactive. This field only accepts active prices.',
        `items[${i}][price]`,
      );
    }
    const quantity = int(entry, 'quantity', `items[${i}][quantity]`);
    if (quantity !== undefined && quantity < 1) {
      throw invalidRequest('Quantity must be at least 1.', `items[${i}][quantity]`);
    }
    return { item, price, quantity };
  });
}

/**
 * POST /v1/subscriptions/:id. Everything is validated before anything changes, so a 400 leaves no trace.
 * A price change to another interval restarts the period now and bills the new price at once (Stripe resets the
 * anchor); within the same interval the period stays, and prorations are invoiced now (always_invoice), on the next
 * invoice (create_prorations, the default) or not at all (none).
 */
export function updateSubscription(
  backend: Backend,
  id: string,
  params: FormParams,
  origin: EventOrigin,
): WireSubscription {
  const { store } = backend;
  const sub = store.subscription(id);
  if (sub.status === 'canceled') {
    const allowed = new Set(['metadata', 'cancellation_details', 'expand']);
    if (Object.keys(params).some((key) => !allowed.has(key))) {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
  }
  const changes = readItemChanges(backend, sub, params);
  const proration =
    oneOf(params, 'proration_behavior', ['create_prorations', 'always_invoice', 'none'] as const) ??
    'create_prorations';
  oneOf(params, 'payment_behavior', [
    'allow_incomplete',
    'default_incomplete',
    'error_if_incomplete',
    'pending_if_incomplete',
  ] as const);
  // The time prorations are computed for: a preview's, so the charge is exactly the figure shown.
  const prorationDate = int(params, 'proration_date');
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  const metadata = mergeMetadata(sub.metadata, params);
  const details = obj(params, 'cancellation_details') ?? {};
  const comment = str(details, 'comment', 'cancellation_details[comment]');
  const feedback = oneOf(details, 'feedback', FEEDBACK);

  const before = renderSubscription(store, sub);
  const now = backend.now();
  const invoices: InvoiceRecord[] = [];
  for (const { item, price, quantity } of changes) {
    const old = { price: store.price(item.priceId), quantity: item.quantity };
    const next = { price: price ?? old.price, quantity: quantity ?? old.quantity };
    if (next.price.id === old.price.id && next.quantity === old.quantity) continue;
    const samePeriod = next.price.interval === old.price.interval;
    const prorations =
      proration === 'none' ? [] : prorationLines(store, item, old, next, prorationDate ?? now, samePeriod);
    item.priceId = next.price.id;
    item.quantity = next.quantity;
    if (!samePeriod) {
      resetPeriod(store, sub, now);
      const lines = [...sub.pendingLines, ...prorations, periodLine(store, item)];
      sub.pendingLines = [];
      invoices.push(createInvoice(backend, sub, 'subscription_update', lines, { paid: true }));
    } else if (proration === 'always_invoice') {
      const lines = [...sub.pendingLines, ...prorations];
      sub.pendingLines = [];
      invoices.push(createInvoice(backend, sub, 'subscription_update', lines, { paid: true }));
    } else {
      sub.pendingLines.push(...prorations);
    }
  }
  if (cancelAtPeriodEnd === true) {
    sub.cancel_at_period_end = true;
    sub.canceled_at = now;
    sub.cancellation.reason = 'cancellation_requested';
  } else if (cancelAtPeriodEnd === false) {
    sub.cancel_at_period_end = false;
    sub.cancel_at = null;
    sub.canceled_at = null;
    sub.cancellation.reason = null;
  }
  // After any period reset, so a scheduled cancellation follows the new period end.
  if (sub.cancel_at_period_end) sub.cancel_at = periodEnd(sub);
  sub.metadata = metadata;
  if (comment !== undefined) sub.cancellation.comment = comment || null;
  if (feedback !== undefined) sub.cancellation.feedback = feedback;

  const after = renderSubscription(store, sub);
  const previous = previousAttributes(before, after);
  // Like Stripe, an update that changes nothing sends no event.
  if (Object.keys(previous).length > 0) {
    backend.webhooks.emit('customer.subscription.updated', after, origin, previous);
  }
  for (const invoice of invoices)
    backend.webhooks.emit('invoice.paid', renderInvoice(store, invoice), origin);
  return after;
}

/**
 * Stripe's work at the end of a period. A subscription set to cancel at period end ends instead. A past_due one
 * with an open invoice gets another payment attempt on that invoice (its period already moved on when the renewal
 * failed, as at Stripe). Otherwise the period advances and the renewal invoice is paid, or left open with the
 * subscription past_due.
 */
export function renew(backend: Backend, id: string, fail: boolean): void {
  const { store, webhooks } = backend;
  const sub = store.subscription(id);
  if (sub.status === 'canceled') throw new Error(`stripe-server: subscription ${id} is canceled`);
  const before = renderSubscription(store, sub);
  const updated = () => {
    const after = renderSubscription(store, sub);
    webhooks.emit('customer.subscription.updated', after, AUTOMATIC, previousAttributes(before, after));
  };

  if (sub.cancel_at_period_end) {
    sub.status = 'canceled';
    sub.ended_at = periodEnd(sub);
    sub.cancellation.reason ??= 'cancellation_requested';
    webhooks.emit('customer.subscription.deleted', renderSubscription(store, sub), AUTOMATIC);
    return;
  }

  const latest = sub.latest_invoice ? store.invoices.get(sub.latest_invoice) : undefined;
  if (sub.status === 'past_due' && latest?.status === 'open') {
    attemptPayment(backend, latest, !fail);
    if (fail) {
      // Nothing about the subscription changes on a failed retry, so only the invoice event goes out.
      webhooks.emit('invoice.payment_failed', renderInvoice(store, latest), AUTOMATIC);
      return;
    }
    sub.status = 'active';
    webhooks.emit('invoice.paid', renderInvoice(store, latest), AUTOMATIC);
    updated();
    return;
  }

  const ended = { start: sub.items[0]?.current_period_start ?? 0, end: periodEnd(sub) };
  advancePeriod(store, sub);
  const lines = [...sub.pendingLines, ...sub.items.map((item) => periodLine(store, item))];
  sub.pendingLines = [];
  // An invoice the customer's credit pays in full asks no card for anything: it cannot fail.
  const failed = fail && amountDueOf(totalOf(lines), store.customers.get(sub.customer)?.balance ?? 0) > 0;
  const invoice = createInvoice(backend, sub, 'subscription_cycle', lines, { paid: !failed, period: ended });
  if (failed) sub.status = 'past_due';
  webhooks.emit(failed ? 'invoice.payment_failed' : 'invoice.paid', renderInvoice(store, invoice), AUTOMATIC);
  updated();
}

/** Immediate end: Stripe giving up on a failed payment, or a cancel from the Dashboard. */
export function cancelNow(
  backend: Backend,
  id: string,
  reason?: Stripe.Subscription.CancellationDetails.Reason,
): void {
  const { store } = backend;
  const sub = store.subscription(id);
  if (sub.status === 'canceled') throw new Error(`stripe-server: subscription ${id} is already canceled`);
  const now = backend.now();
  sub.cancellation.reason =
    reason ?? (sub.status === 'past_due' ? 'payment_failed' : 'cancellation_requested');
  sub.status = 'canceled';
  sub.canceled_at = now;
  sub.ended_at = now;
  backend.webhooks.emit('customer.subscription.deleted', renderSubscription(store, sub), AUTOMATIC);
}
