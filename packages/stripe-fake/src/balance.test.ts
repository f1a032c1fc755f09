import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscribe } from './sdk-calls';
import { DAY, noon, server, setClock, START, stripe, useStripeFake } from './sdk-harness';

/** The customer balance through the real SDK: a change's leftover credit kept, and drawn on by later invoices. */

useStripeFake();

describe('customer balance', () => {
  it("a downgrade's credit goes to the customer's balance and pays the next invoices, as far as it goes", async () => {
    const { subscriptionId, itemId, customerId } = await subscribe('price_advanced_yearly');
    // Ten days into the year, down to the monthly Basic plan: the unused year is credited, a new month begins.
    setClock(START + 10 * DAY);
    const monthly = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_basic_monthly' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    const yearEnd = noon(2027, 1, 31);
    const unused = Math.round((7990 * (yearEnd - (START + 10 * DAY))) / (yearEnd - START));
    const credit = unused - 499;
    const change = await stripe.invoices.retrieve(monthly.latest_invoice as string);
    expect(change).toMatchObject({
      total: 499 - unused,
      amount_due: 0,
      amount_paid: 0,
      starting_balance: 0,
      ending_balance: -credit,
    });
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).balance).toBe(-credit);

    // Renewals take their price out of the credit until it runs out.
    setClock(monthly.items.data[0]!.current_period_end);
    await server.renew(subscriptionId);
    const renewal = (await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }))
      .latest_invoice as Stripe.Invoice;
    expect(renewal).toMatchObject({
      total: 499,
      amount_due: 0,
      starting_balance: -credit,
      ending_balance: -(credit - 499),
    });
    // A preview shows the balance as it would apply, and changes nothing.
    const preview = await stripe.invoices.createPreview({ subscription: subscriptionId });
    expect(preview).toMatchObject({ total: 499, amount_due: 0, starting_balance: -(credit - 499) });
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).balance).toBe(-(credit - 499));
  });
});
