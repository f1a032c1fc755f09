import type { Price } from '@goldroute/domain';
import type { InvoiceReason, InvoiceStatus, SubscriptionStatus } from '@goldroute/domain/api';

// What the payments service needs of a payment provider. Stripe (stripe-provider.ts) and the built-in demo
// provider (demo/) both speak it, so one service, one state machine and one set of screens serve both.
// Times are unix seconds, as Stripe sends them.

export type ProviderKind = 'stripe' | 'demo';

/** A subscription as the provider holds it now. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The one subscription item: its id (needed to change the price) and price. */
  itemId: string;
  priceId: string;
  startDate: number;
  currentPeriodEnd: number;
  cancelAt: number | null;
  /** When cancellation was last asked for (Stripe keeps the latest request's time). */
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoiceId: string | null;
  /** Our user id as we wrote it into the subscription's metadata at checkout, if any. */
  userIdHint: string | null;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';

export interface ProviderCheckout {
  id: string;
  url: string;
  status: CheckoutStatus;
  customerId: string | null;
  subscriptionId: string | null;
  /** Our user id (client_reference_id). */
  clientReferenceId: string | null;
  expiresAt: number;
}

/**
 * A provider event reduced to what we act on: which checkout, subscription or customer it concerns. We
 * never trust the state an event carries (events arrive late, twice and out of order); we read the object
 * again from the provider.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  checkoutSessionId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  clientReferenceId: string | null;
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: number;
  idempotencyKey: string;
}

/** One line of an invoice: a period of a price, or a proration (a negative amount is a credit). */
export interface ProviderInvoiceLine {
  description: string;
  amount: number;
  priceId: string | null;
  proration: boolean;
}

/** An invoice as the provider holds it; `priceId` is the plan it is for (after a change, the new one). */
export interface ProviderInvoice {
  id: string;
  customerId: string;
  status: InvoiceStatus;
  reason: InvoiceReason;
  priceId: string | null;
  total: number;
  amountPaid: number;
  /** The customer's balance before and after it, cents (Stripe's sign: negative is credit for later invoices). */
  startingBalance: number;
  endingBalance: number;
  currency: string;
  created: number;
  /** The time it pays for. */
  periodStart: number;
  periodEnd: number;
  paidAt: number | null;
  lines: ProviderInvoiceLine[];
}

/** What a change of price would invoice at once, computed for `prorationDate`. */
export interface ProviderChangePreview {
  total: number;
  /** The customer's balance now, which the change's invoice would draw on (negative is credit). */
  startingBalance: number;
  currency: string;
  lines: ProviderInvoiceLine[];
  /** When the period after the change ends: the next renewal. */
  periodEnd: number;
  prorationDate: number;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Active recurring plan prices (lookup key containing "basic" or "advanced"). */
  listPrices(): Promise<Price[]>;
  /** Any price by id, retired ones included; null when the provider does not know it. */
  retrievePrice(id: string): Promise<Price | null>;
  createCustomer(input: { email: string; userId: string; idempotencyKey: string }): Promise<string>;
  createCheckout(input: CheckoutRequest): Promise<ProviderCheckout>;
  retrieveCheckout(id: string): Promise<ProviderCheckout | null>;
  expireCheckout(id: string): Promise<void>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /**
   * Moves the subscription item to another price, prorated and invoiced at once; `prorationDate` (a
   * preview's) fixes the time the proration is computed for, else now.
   */
  changePrice(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate?: number,
  ): Promise<ProviderSubscription>;
  /** What changePrice would invoice at once if called with the same `prorationDate`. */
  previewChange(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate: number,
  ): Promise<ProviderChangePreview>;
  /** The customer's invoices, newest first. */
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  /** Any invoice by id; null when the provider does not know it. */
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  /** A page of the provider's where the customer pays an open invoice or changes the card. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Cancel at the end of the paid period (true), or take that back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
}

/** The provider could not be reached, timed out, or failed: nothing of ours changed. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (for example a card that needs attention): a 4xx of theirs. */
export class ProviderRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderRefusedError';
  }
}
