import { amountDueOf, totalOf } from './balance';
import type {
  CustomerRecord,
  InvoiceRecord,
  LineRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  SessionRecord,
  Store,
  SubscriptionRecord,
} from './state';
import type {
  ApiList,
  WireCustomer,
  WireInvoice,
  WireInvoiceLine,
  WirePortalSession,
  WirePrice,
  WireProduct,
  WireSession,
  WireSubscription,
  WireSubscriptionItem,
} from './wire';

/**
 * Renders records as wire objects (types in wire.ts). Rendering on demand means an item always shows its price as
 * it is now, and an event snapshot is whatever the object was when the event was emitted.
 */

export function renderProduct(product: ProductRecord): WireProduct {
  return {
    id: product.id,
    object: 'product',
    active: true,
    created: product.created,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: product.name,
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: product.created,
    url: null,
  };
}

export function renderPrice(price: PriceRecord): WirePrice {
  return {
    id: price.id,
    object: 'price',
    active: price.active,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookup_key,
    metadata: {},
    nickname: null,
    product: price.product,
    recurring: {
      interval: price.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unit_amount,
  };
}

export function renderCustomer(customer: CustomerRecord): WireCustomer {
  return {
    id: customer.id,
    object: 'customer',
    balance: customer.balance,
    created: customer.created,
    default_source: null,
    description: null,
    email: customer.email,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: { ...customer.metadata },
    name: customer.name,
    shipping: null,
  };
}

export function renderSession(store: Store, session: SessionRecord, baseUrl: string): WireSession {
  const price = store.price(session.priceId);
  const amount = price.unit_amount * session.quantity;
  const customerEmail =
    session.customer_email ??
    (session.customer ? (store.customers.get(session.customer)?.email ?? null) : null);
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    created: session.created,
    currency: price.currency,
    customer: session.customer,
    customer_creation: session.customer ? null : 'always',
    // Stripe fills customer_details once the customer has gone through the page.
    customer_details:
      session.status === 'complete'
        ? {
            address: null,
            business_name: null,
            email: customerEmail,
            individual_name: null,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          }
        : null,
    customer_email: session.customer_email,
    expires_at: session.expires_at,
    invoice: session.invoice,
    livemode: false,
    metadata: { ...session.metadata },
    mode: 'subscription',
    payment_method_types: ['card'],
    payment_status: session.payment_status,
    status: session.status,
    subscription: session.subscription,
    success_url: session.success_url,
    ui_mode: 'hosted_page',
    // The payment page URL exists only while the session can still be paid.
    url: session.status === 'open' ? `${baseUrl}/c/pay/${session.id}` : null,
  };
}

export function renderSubscription(store: Store, sub: SubscriptionRecord): WireSubscription {
  const items = sub.items.map((item): WireSubscriptionItem => ({
    id: item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: item.created,
    current_period_end: item.current_period_end,
    current_period_start: item.current_period_start,
    current_trial: null,
    discounts: [],
    metadata: {},
    price: renderPrice(store.price(item.priceId)),
    quantity: item.quantity,
    subscription: sub.id,
    tax_rates: [],
  }));
  return {
    id: sub.id,
    object: 'subscription',
    billing_cycle_anchor: sub.anchor,
    cancel_at: sub.cancel_at,
    cancel_at_period_end: sub.cancel_at_period_end,
    canceled_at: sub.canceled_at,
    cancellation_details: { ...sub.cancellation },
    collection_method: 'charge_automatically',
    created: sub.created,
    currency: items[0]?.price.currency ?? 'usd',
    customer: sub.customer,
    days_until_due: null,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: sub.ended_at,
    items: list(items, `/v1/subscription_items?subscription=${sub.id}`),
    latest_invoice: sub.latest_invoice,
    livemode: false,
    metadata: { ...sub.metadata },
    pause_collection: null,
    schedule: null,
    start_date: sub.start_date,
    status: sub.status,
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
}

function renderLine(store: Store, invoice: InvoiceRecord, line: LineRecord): WireInvoiceLine {
  const price = store.price(line.priceId);
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: invoice.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: invoice.subscription,
        subscription_item: line.subscriptionItem,
      },
    },
    period: { ...line.period },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: null,
    },
    quantity: line.quantity,
    subscription: invoice.subscription,
    subtotal: line.amount,
    taxes: [],
  };
}

export function renderInvoice(store: Store, invoice: InvoiceRecord): WireInvoice {
  // The customer's balance applied (billing.ts); credits beyond the charge went to it.
  const total = totalOf(invoice.lines);
  const due = amountDueOf(total, invoice.starting_balance);
  const paid = invoice.status === 'paid' ? due : 0;
  return {
    id: invoice.id,
    object: 'invoice',
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: paid,
    amount_remaining: due - paid,
    attempt_count: invoice.attempt_count,
    attempted: invoice.attempt_count > 0,
    billing_reason: invoice.billing_reason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customer,
    customer_email: invoice.customer_email,
    description: null,
    discounts: [],
    due_date: null,
    ending_balance: invoice.ending_balance,
    hosted_invoice_url: null,
    lines: list(
      invoice.lines.map((line) => renderLine(store, invoice, line)),
      `/v1/invoices/${invoice.id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: invoice.next_payment_attempt,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: invoice.subscription,
        metadata: { ...invoice.subscriptionMetadata },
        ...(invoice.proration_date === undefined
          ? {}
          : { subscription_proration_date: invoice.proration_date }),
      },
    },
    period_end: invoice.period_end,
    period_start: invoice.period_start,
    starting_balance: invoice.starting_balance,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.status === 'draft' ? null : invoice.created,
      marked_uncollectible_at: null,
      paid_at: invoice.paid_at,
      voided_at: null,
    },
    subtotal: total,
    total,
  };
}

export function renderPortalSession(session: PortalSessionRecord, baseUrl: string): WirePortalSession {
  return {
    id: session.id,
    object: 'billing_portal.session',
    configuration: 'bpc_default',
    created: session.created,
    customer: session.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.return_url,
    url: `${baseUrl}/p/session/${session.id}`,
  };
}

export function list<T>(data: T[], url: string, hasMore = false): ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

/** Renders whatever object an id names, by its prefix; used to expand ids into objects. */
export function renderById(store: Store, id: string, baseUrl: string): object | undefined {
  const prefix = id.slice(0, id.indexOf('_'));
  const render: Record<string, () => object | undefined> = {
    price: () => {
      const price = store.prices.get(id);
      return price && renderPrice(price);
    },
    prod: () => {
      const product = store.products.get(id);
      return product && renderProduct(product);
    },
    cus: () => {
      const customer = store.customers.get(id);
      return customer && renderCustomer(customer);
    },
    cs: () => {
      const session = store.sessions.get(id);
      return session && renderSession(store, session, baseUrl);
    },
    sub: () => {
      const sub = store.subscriptions.get(id);
      return sub && renderSubscription(store, sub);
    },
    in: () => {
      const invoice = store.invoices.get(id);
      return invoice && renderInvoice(store, invoice);
    },
  };
  return render[prefix]?.();
}
