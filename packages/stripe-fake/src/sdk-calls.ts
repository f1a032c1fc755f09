import Stripe from 'stripe';
import { server, stripe } from './sdk-harness';

/** The calls the fake's SDK suites share: opening and paying checkouts, catching errors, reading events. */

/** The error a call fails with (the test fails if it succeeds). */
export async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export async function openSession(
  price = 'price_basic_monthly',
  extra: Stripe.Checkout.SessionCreateParams = {},
) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price, quantity: 1 }],
    customer_email: 'buyer@example.com',
    client_reference_id: 'user-7',
    success_url: 'https://app.test/billing/success?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.test/billing',
    subscription_data: { metadata: { userId: '7' } },
    metadata: { userId: '7' },
    ...extra,
  });
}

/** A paid subscription started at `clock`, with its deliveries done. */
export async function subscribe(price = 'price_basic_monthly') {
  const session = await openSession(price);
  const paid = await server.completeCheckout(session.id);
  await server.idle();
  const subscription = await stripe.subscriptions.retrieve(paid.subscriptionId);
  return { ...paid, session, subscription, itemId: subscription.items.data[0]!.id };
}

export function eventsSince(mark: number) {
  return server.events.slice(mark);
}

/**
 * Events since `mark` about one subscription: itself, or its invoices. Moving the clock also expires sessions other
 * tests left open, and those events are not what a subscription test is about.
 */
export function eventsAbout(mark: number, subscriptionId: string) {
  return eventsSince(mark).filter((event) => {
    const object = event.data.object as {
      id: string;
      parent?: { subscription_details?: { subscription?: string } };
    };
    return (
      object.id === subscriptionId || object.parent?.subscription_details?.subscription === subscriptionId
    );
  });
}
