import type { Price } from '@goldroute/domain';
import type { SubscriptionStatus } from '@goldroute/domain/api';

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
  /** Moves the subscription item to another price, prorated. */
  changePrice(subscription: ProviderSubscription, priceId: string): Promise<ProviderSubscription>;
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
