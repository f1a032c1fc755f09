import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner, StartJobs } from '../../jobs/job';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';
import { createBillingService, type BillingService } from './billing.service';
import { createDemoBilling } from './demo/demo-billing';
import { createDemoProvider, type DemoProvider } from './demo/demo-provider';
import type { PaymentProvider, ProviderEvent } from './payment-provider';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { createPriceList } from './price-list';
import { currentSubscriptionOf } from './subscription-rows';
import { createStripeProvider } from './stripe-provider';
import { createSubscriptionSync } from './subscription-sync';

/** How often the demo provider looks for renewals, retries and expired checkouts. */
export const DEMO_BILLING_EVERY_MS = 60_000;

export interface PaymentsRuntime {
  service: PaymentsService;
  billing: BillingService;
  provider: PaymentProvider;
  /** Stripe only: verifies and reduces a webhook. */
  parseWebhook?: (rawBody: Buffer, signature: string | undefined) => ProviderEvent;
  /** Demo only: its checkout page, the test switch, and its clock work (tests run it by hand). */
  demo?: {
    provider: DemoProvider;
    runBilling(): Promise<void>;
    failNextPayment(userId: string): Promise<boolean>;
  };
  close(): Promise<void>;
}

export async function startPayments(
  config: Config['payments'],
  deps: {
    db: Db;
    clock: Clock;
    log: FastifyBaseLogger;
    mailer: Mailer;
    publicUrl: string;
    /** Drops a user's cached access checks in every process. */
    onChange(userId: string): Promise<void>;
    /** Hands the demo billing job over (a web process only registers its period, for readiness). */
    startJobs: StartJobs;
  },
): Promise<PaymentsRuntime> {
  const { db, clock, log } = deps;
  const stripe = config.provider === 'stripe' ? createStripeProvider(config) : undefined;
  const demo =
    config.provider === 'demo'
      ? createDemoProvider({ db, clock, prices: config.prices, currency: config.currency })
      : undefined;
  const provider: PaymentProvider = stripe ?? (demo as DemoProvider);
  const prices = createPriceList(provider, clock, log);
  const sync = createSubscriptionSync({
    db,
    provider,
    clock,
    log,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    planName: prices.planName,
    onChange: deps.onChange,
  });
  const service = createPaymentsService({
    db,
    clock,
    log,
    provider,
    sync,
    prices,
    publicUrl: deps.publicUrl,
  });
  const billing = createBillingService({
    db,
    clock,
    log,
    provider,
    prices,
    payments: service,
    publicUrl: deps.publicUrl,
  });

  if (!demo)
    return { service, billing, provider, parseWebhook: stripe?.parseWebhook, close: async () => undefined };

  // The demo provider reports to the same handler the Stripe webhook feeds.
  demo.onEvent(async (event) => void (await service.handleEvent(event)));
  await demo.syncPrices();
  const demoBilling = createDemoBilling(demo, { db, clock });
  const scheduler: JobRunner = await deps.startJobs([
    { name: 'demo-billing', everyMs: DEMO_BILLING_EVERY_MS, runAtStart: true, run: demoBilling.runDue },
  ]);
  return {
    service,
    billing,
    provider,
    demo: {
      provider: demo,
      runBilling: demoBilling.runDue,
      async failNextPayment(userId) {
        const current = await currentSubscriptionOf(db, userId, Math.floor(clock.now().getTime() / 1000));
        return current ? demo.failNextPayment(current.id) : false;
      },
    },
    close: () => scheduler.stop(),
  };
}
