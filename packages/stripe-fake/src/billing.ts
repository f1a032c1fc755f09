import { addIntervals } from './calendar';
import { newId } from './ids';
import type { InvoiceRecord, ItemRecord, LineRecord, PriceRecord, Store, SubscriptionRecord } from './state';
import { balanceAfter, totalOf } from './balance';
import type { Webhooks } from './webhooks';

/** What every operation on Stripe's side needs: the records, the event log, the (test-controlled) clock. */
export interface Backend {
  store: Store;
  webhooks: Webhooks;
  now: () => number;
  baseUrl: string;
}

const RETRY_DELAY_SECONDS = 3 * 24 * 3600;

/** Starts item periods at `start` for one interval; the subscription's anchor becomes `start` (cycle 0). */
export function resetPeriod(store: Store, sub: SubscriptionRecord, start: number): void {
  sub.anchor = start;
  sub.cycle = 0;
  for (const item of sub.items) {
    item.current_period_start = start;
    item.current_period_end = addIntervals(start, store.price(item.priceId).interval, 1);
  }
}

/** Moves every item to the next period, counted from the anchor so month-end clamping never drifts. */
export function advancePeriod(store: Store, sub: SubscriptionRecord): void {
  sub.cycle += 1;
  for (const item of sub.items) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = addIntervals(sub.anchor, store.price(item.priceId).interval, sub.cycle + 1);
  }
}

export function periodEnd(sub: SubscriptionRecord): number {
  return Math.max(...sub.items.map((item) => item.current_period_end));
}

/** The charge for an item's current period, described the way Stripe's invoices describe it. */
export function periodLine(store: Store, item: ItemRecord): LineRecord {
  const price = store.price(item.priceId);
  const name = store.products.get(price.product)?.name ?? price.product;
  return {
    id: newId('il_'),
    amount: price.unit_amount * item.quantity,
    description: `${item.quantity} × ${name} (at ${money(price.unit_amount, price.currency)} / ${price.interval})`,
    priceId: price.id,
    quantity: item.quantity,
    subscriptionItem: item.id,
    period: { start: item.current_period_start, end: item.current_period_end },
    proration: false,
  };
}

/**
 * Proration for a mid-period change, by the second like Stripe: a credit for the unused part of the old price and,
 * when the period carries on (same interval), a charge for the rest of it at the new price. When the interval
 * changes the period restarts, so the new price is billed in full by a period line instead.
 */
export function prorationLines(
  store: Store,
  item: ItemRecord,
  old: { price: PriceRecord; quantity: number },
  next: { price: PriceRecord; quantity: number },
  now: number,
  samePeriod: boolean,
): LineRecord[] {
  const { current_period_start: start, current_period_end: end } = item;
  const fraction = end > start ? Math.min(Math.max((end - now) / (end - start), 0), 1) : 0;
  const name = (price: PriceRecord) => store.products.get(price.product)?.name ?? price.product;
  const date = new Date(now * 1000).toUTCString().slice(5, 16);
  const line = (price: PriceRecord, quantity: number, sign: 1 | -1, what: string): LineRecord => ({
    id: newId('il_'),
    amount: sign * Math.round(price.unit_amount * quantity * fraction),
    description: `${what} time on ${quantity} × ${name(price)} after ${date}`,
    priceId: price.id,
    quantity,
    subscriptionItem: item.id,
    period: { start: now, end },
    proration: true,
  });
  const lines = [line(old.price, old.quantity, -1, 'Unused')];
  if (samePeriod) lines.push(line(next.price, next.quantity, 1, 'Remaining'));
  return lines;
}

/**
 * Creates and finalises an invoice for a subscription, paid or left open after one failed attempt, and makes it the
 * subscription's latest_invoice. `period` follows Stripe's own odd convention: for a renewal it is the period just
 * ended (the lines carry the new one); for creation and updates both ends are the invoice date.
 */
export function createInvoice(
  backend: Backend,
  sub: SubscriptionRecord,
  billingReason: InvoiceRecord['billing_reason'],
  lines: LineRecord[],
  options: { paid: boolean; period?: { start: number; end: number } },
): InvoiceRecord {
  const { store } = backend;
  const now = backend.now();
  const firstPrice = store.price(sub.items[0]?.priceId ?? '');
  // Finalising applies the customer's balance: a credit pays what it can, and what a credit total leaves over
  // is added to the balance for the next invoices.
  const customer = store.customers.get(sub.customer);
  const startingBalance = customer?.balance ?? 0;
  const endingBalance = balanceAfter(totalOf(lines), startingBalance);
  if (customer) customer.balance = endingBalance;
  const invoice: InvoiceRecord = {
    id: newId('in_'),
    customer: sub.customer,
    customer_email: store.customers.get(sub.customer)?.email ?? null,
    subscription: sub.id,
    subscriptionMetadata: { ...sub.metadata },
    status: options.paid ? 'paid' : 'open',
    billing_reason: billingReason,
    currency: firstPrice.currency,
    lines,
    period_start: options.period?.start ?? now,
    period_end: options.period?.end ?? now,
    created: now,
    attempt_count: 1,
    paid_at: options.paid ? now : null,
    next_payment_attempt: options.paid ? null : now + RETRY_DELAY_SECONDS,
    starting_balance: startingBalance,
    ending_balance: endingBalance,
  };
  store.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/** A later payment attempt on an open invoice (Stripe's retry), succeeding or not. */
export function attemptPayment(backend: Backend, invoice: InvoiceRecord, succeed: boolean): void {
  const now = backend.now();
  invoice.attempt_count += 1;
  if (succeed) {
    invoice.status = 'paid';
    invoice.paid_at = now;
    invoice.next_payment_attempt = null;
  } else {
    invoice.next_payment_attempt = now + RETRY_DELAY_SECONDS;
  }
}

function money(amount: number, currency: string): string {
  const symbols: Record<string, string> = { usd: '$', eur: '€', gbp: '£' };
  const value = (amount / 100).toFixed(2);
  const symbol = symbols[currency];
  return symbol ? `${symbol}${value}` : `${value} ${currency.toUpperCase()}`;
}
