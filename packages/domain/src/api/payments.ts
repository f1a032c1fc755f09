// Payment calls under /shared/payments/ (SPEC §7) and the provider subscription object (SPEC §3).
import { z } from 'zod';
import type { Price } from '../price';
import { emptyRequestSchema, idStringSchema } from './common';

export const PRICE_INTERVALS = ['month', 'year'] as const;

export const priceSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  /** Minor units (cents). */
  unit_amount: z.number().int().nonnegative(),
  currency: z.string(),
  recurring: z.object({ interval: z.enum(PRICE_INTERVALS) }),
  lookup_key: z.string().nullable(),
}) satisfies z.ZodType<Price>;

// Stripe's subscription statuses; past_due decides the cancel reason and whether resume is offered.
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

/** The fields of the provider subscription the client reads; times are unix seconds as Stripe sends them. */
export const stripeSubscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  start_date: z.number(),
  cancel_at: z.number().nullable(),
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({ id: z.string() }),
        current_period_end: z.number(),
      }),
    ),
  }),
});
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;
export type SubscriptionStatus = StripeSubscription['status'];

// GET /shared/payments/prices
export const pricesResponseSchema = z.object({ data: z.array(priceSchema) });
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

// POST /shared/payments/checkout
export const checkoutRequestSchema = z.object({ priceId: idStringSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
/** May be relative (the built-in demo provider) or absolute (Stripe Checkout). */
export const checkoutResponseSchema = z.object({ paymentSessionUrl: z.string().min(1) });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

// POST /shared/payments/change-subscription
// prorationDate: the confirmed preview's (preview-change), so the charge is the figure the user saw.
export const changeSubscriptionRequestSchema = z.object({
  newPriceId: idStringSchema,
  prorationDate: z.number().int().positive().optional(),
});
export type ChangeSubscriptionRequest = z.infer<typeof changeSubscriptionRequestSchema>;
export const changeSubscriptionResponseSchema = stripeSubscriptionSchema;
export type ChangeSubscriptionResponse = z.infer<typeof changeSubscriptionResponseSchema>;

// POST /shared/payments/cancel-subscription and resume-subscription: no body.
export const cancelSubscriptionRequestSchema = emptyRequestSchema;
export type CancelSubscriptionRequest = z.infer<typeof cancelSubscriptionRequestSchema>;
export const cancelSubscriptionResponseSchema = stripeSubscriptionSchema;
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;
export const resumeSubscriptionRequestSchema = emptyRequestSchema;
export type ResumeSubscriptionRequest = z.infer<typeof resumeSubscriptionRequestSchema>;
export const resumeSubscriptionResponseSchema = stripeSubscriptionSchema;
export type ResumeSubscriptionResponse = z.infer<typeof resumeSubscriptionResponseSchema>;

// POST /shared/payments/sync-checkout: on return from checkout the client asks the server to read the
// finished session from the provider at once, so access never waits for a slow webhook.
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
export const syncCheckoutRequestSchema = z.object({ sessionId: idStringSchema });
export type SyncCheckoutRequest = z.infer<typeof syncCheckoutRequestSchema>;
export const syncCheckoutResponseSchema = z.object({ status: z.enum(CHECKOUT_STATUSES) });
export type SyncCheckoutResponse = z.infer<typeof syncCheckoutResponseSchema>;

// POST /shared/payments/webhook: the provider's event, acknowledged once handled (or known already).
export const webhookResponseSchema = z.object({ received: z.literal(true) });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

// POST /shared/payments/demo/fail-next-payment (the built-in demo provider, admins only): the user whose
// next renewal payment fails, to try the past-due path.
export const failNextPaymentRequestSchema = z.object({ userId: z.uuid() });
export type FailNextPaymentRequest = z.infer<typeof failNextPaymentRequestSchema>;
