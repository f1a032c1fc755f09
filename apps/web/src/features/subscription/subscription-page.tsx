import type { User } from '@goldroute/domain/api';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { readArrivalNotice } from '../../shared/post-login';
import { SpinnerStatus } from '../../components/loading-screen';
import { useAuth } from '../../lib/auth-store';
import { Notice } from '../../components/notice';
import { ActivationNotice } from './activation-notice';
import { BillingSection } from './billing-section';
import { SUBSCRIPTION_COPY } from './copy';
import { SubscriptionPlans } from './subscription-plans';
import { SubscriptionSummary } from './subscription-summary';
import { useCheckoutReturn } from './use-checkout-return';
import { useSubscriptionActions } from './use-subscription-actions';
import { useSubscriptionData } from './use-subscription-data';

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <main className="relative isolate flex-1 overflow-hidden pt-8 pb-20 sm:pt-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_40%_at_50%_0%,rgb(245_196_81/0.11),transparent)]"
      />
      {/* The header's and footer's column, so the page lines up with the logo. */}
      <div className="mx-auto w-full max-w-6xl px-5 sm:px-8">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">
          {SUBSCRIPTION_COPY.eyebrow}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {SUBSCRIPTION_COPY.title}
        </h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-slate-400">{SUBSCRIPTION_COPY.subtitle}</p>
        <div className="mt-8 flex flex-col gap-8">{children}</div>
      </div>
    </main>
  );
}

function Loading() {
  return (
    <SpinnerStatus className="min-h-64 justify-center rounded-2xl border border-white/10 bg-ink-900/80 text-slate-400">
      {SUBSCRIPTION_COPY.loading}
    </SpinnerStatus>
  );
}

function SubscriptionContent({ user }: { user: User }) {
  // Set by login when a tool sent the user here for want of a subscription; absent on a direct visit.
  const arrivalNotice = readArrivalNotice(useLocation().state);
  const checkout = useCheckoutReturn();
  const data = useSubscriptionData(user, { loadProfile: !checkout.confirmsCheckout });
  const actions = useSubscriptionActions();

  return (
    <PageFrame>
      {arrivalNotice ? <Notice tone="info">{arrivalNotice}</Notice> : null}
      {checkout.activating ? <ActivationNotice /> : null}
      {data.loading ? (
        <Loading />
      ) : (
        <>
          <SubscriptionSummary user={user} prices={data.prices} actions={actions} />
          <section aria-labelledby="plans-title">
            <h2 id="plans-title" className="sr-only">
              {SUBSCRIPTION_COPY.plansTitle}
            </h2>
            <SubscriptionPlans
              user={user}
              prices={data.prices}
              fallback={data.fallback}
              retryingPrices={data.retryingPrices}
              onRetryPrices={data.retryPrices}
              actions={actions}
            />
          </section>
          <BillingSection user={user} />
        </>
      )}
    </PageFrame>
  );
}

/** /subscription (SPEC §2, §4): the user's subscription, the plans and every action on them. */
export function SubscriptionPage() {
  const { userData } = useAuth();
  // RequireAuth guarantees a user; the guard is for the type.
  if (!userData) return null;
  return <SubscriptionContent user={userData} />;
}
