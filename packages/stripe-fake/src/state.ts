import type Stripe from 'stripe';
import type { Interval } from './calendar';
import { resourceMissing } from './errors';

/**
 * Stripe's side of the world as plain records. Objects are rendered to wire JSON on demand (objects.ts), so a
 * subscription item always shows its price as it is now, and event snapshots are taken at emit time.
 * Maps keep insertion order, which is creation order; lists show newest first like Stripe.
 */

export type Metadata = Record<string, string>;

export interface PriceRecord {
  id: string;
  lookup_key: string | null;
  unit_amount: number;
  currency: string;
  interval: Interval;
  active: boolean;
  product: string;
  created: number;
}

export interface ProductRecord {
  id: string;
  name: string;
  created: number;
}

export interface CustomerRecord {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  /** Stripe's customer balance, cents: negative is credit, applied to the next invoices. */
  balance: number;
}

export interface SessionRecord {
  id: string;
  created: number;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  priceId: string;
  quantity: number;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  metadata: Metadata;
  /** `subscription_data[metadata]`: copied onto the subscription Checkout creates. */
  subscriptionMetadata: Metadata;
  expires_at: number;
  subscription: string | null;
  invoice: string | null;
}

export interface ItemRecord {
  id: string;
  priceId: string;
  quantity: number;
  created: number;
  current_period_start: number;
  current_period_end: number;
}

/** One invoice line: a period of a price, or a proration credit/charge for part of one. */
export interface LineRecord {
  id: string;
  amount: number;
  description: string;
  priceId: string;
  quantity: number;
  subscriptionItem: string;
  period: { start: number; end: number };
  proration: boolean;
}

export interface SubscriptionRecord {
  id: string;
  customer: string;
  created: number;
  start_date: number;
  status: Stripe.Subscription.Status;
  items: ItemRecord[];
  /** Billing cycle anchor and how many periods have passed since it: period n is anchor+n .. anchor+n+1 intervals. */
  anchor: number;
  cycle: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation: Stripe.Subscription.CancellationDetails;
  latest_invoice: string | null;
  metadata: Metadata;
  /** Prorations from `proration_behavior=create_prorations`, billed on the next invoice. */
  pendingLines: LineRecord[];
}

export interface InvoiceRecord {
  id: string;
  customer: string;
  customer_email: string | null;
  subscription: string;
  /** The subscription's metadata when the invoice was made (invoice.parent.subscription_details.metadata). */
  subscriptionMetadata: Metadata;
  /** A preview (create_preview) is a draft that is never stored. */
  status: 'draft' | 'paid' | 'open';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  currency: string;
  lines: LineRecord[];
  period_start: number;
  period_end: number;
  created: number;
  attempt_count: number;
  paid_at: number | null;
  next_payment_attempt: number | null;
  /** Previews of a subscription change only: the time prorations were computed for. */
  proration_date?: number;
  /** The customer's balance before this invoice (a preview: now), and after it (null on a preview). */
  starting_balance: number;
  ending_balance: number | null;
}

export interface PortalSessionRecord {
  id: string;
  customer: string;
  return_url: string | null;
  created: number;
}

export class Store {
  readonly prices = new Map<string, PriceRecord>();
  readonly products = new Map<string, ProductRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly sessions = new Map<string, SessionRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();

  price(id: string, param = 'id', status: 400 | 404 = 404): PriceRecord {
    return found(this.prices.get(id), 'price', id, param, status);
  }
  customer(id: string, param = 'id', status: 400 | 404 = 404): CustomerRecord {
    return found(this.customers.get(id), 'customer', id, param, status);
  }
  session(id: string): SessionRecord {
    return found(this.sessions.get(id), 'checkout.session', id, 'session', 404);
  }
  subscription(id: string): SubscriptionRecord {
    return found(this.subscriptions.get(id), 'subscription', id, 'id', 404);
  }
  invoice(id: string): InvoiceRecord {
    return found(this.invoices.get(id), 'invoice', id, 'invoice', 404);
  }
}

function found<T>(record: T | undefined, noun: string, id: string, param: string, status: 400 | 404): T {
  if (!record) throw resourceMissing(noun, id, param, status);
  return record;
}
