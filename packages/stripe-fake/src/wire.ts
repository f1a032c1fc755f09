import type Stripe from 'stripe';

/**
 * The objects as they go over the wire, for API version 2026-10-28. Each type is a `Pick` of the SDK's own interface, so the
 * compiler checks every field we send against node_modules/stripe's .d.ts; fields we leave out are ones our app never
 * reads (tax, discounts' details, payment settings…). Notable shape points of this version: billing periods live on
 * subscription items, invoices point at their subscription through `parent.subscription_details`, and invoice lines
 * name their price through `pricing.price_details`. Decimal-string fields are left out (the SDK coerces them to Decimal
 * objects, which plain JSON snapshots would misrepresent).
 */

export type ApiList<T> = Stripe.ApiList<T>;

export type WireProduct = Pick<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'description'
  | 'images'
  | 'livemode'
  | 'marketing_features'
  | 'metadata'
  | 'name'
  | 'package_dimensions'
  | 'shippable'
  | 'tax_details'
  | 'type'
  | 'updated'
  | 'url'
>;

export type WirePrice = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'custom_unit_amount'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'recurring'
  | 'tax_behavior'
  | 'tiers_mode'
  | 'transform_quantity'
  | 'type'
  | 'unit_amount'
> & { product: string };

export type WireCustomer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'default_source'
  | 'description'
  | 'email'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'shipping'
>;

export type WireSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'billing_thresholds'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'current_trial'
  | 'discounts'
  | 'metadata'
  | 'quantity'
  | 'subscription'
  | 'tax_rates'
> & { price: WirePrice };

export type WireSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'days_until_due'
  | 'default_payment_method'
  | 'description'
  | 'discounts'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'pause_collection'
  | 'schedule'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start'
> & { customer: string; latest_invoice: string | null; items: ApiList<WireSubscriptionItem> };

export type WireInvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  | 'id'
  | 'object'
  | 'amount'
  | 'currency'
  | 'description'
  | 'discount_amounts'
  | 'discountable'
  | 'discounts'
  | 'invoice'
  | 'livemode'
  | 'metadata'
  | 'parent'
  | 'period'
  | 'pretax_credit_amounts'
  | 'pricing'
  | 'quantity'
  | 'subscription'
  | 'subtotal'
  | 'taxes'
>;

export type WireInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_overpaid'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'description'
  | 'discounts'
  | 'due_date'
  | 'ending_balance'
  | 'hosted_invoice_url'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'starting_balance'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
> & { customer: string; lines: ApiList<WireInvoiceLine> };

export type WireSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_creation'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'ui_mode'
  | 'url'
> & { customer: string | null; subscription: string | null; invoice: string | null };

export type WirePortalSession = Pick<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'created'
  | 'customer'
  | 'customer_account'
  | 'flow'
  | 'livemode'
  | 'locale'
  | 'on_behalf_of'
  | 'return_url'
  | 'url'
> & { configuration: string };
