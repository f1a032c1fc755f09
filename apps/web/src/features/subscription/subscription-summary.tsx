import { formatPriceAmount, planTypeFromLookupKey, type Price } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import type { ReactNode } from 'react';
import { AccountLine } from '../../components/account-line';
import { Badge } from '../../components/ui/badge';
import { SUBSCRIPTION_COPY } from './copy';
import { SummaryActions } from './summary-actions';
import { findCurrentPrice, summaryModel } from './subscription-status';
import type { SubscriptionActions } from './use-subscription-actions';

function CurrentPlan({ price }: { price: Price }) {
  return (
    <p className="text-sm text-slate-300">
      <span className="font-semibold text-white">{planTypeFromLookupKey(price.lookup_key)}</span>
      <span aria-hidden="true" className="mx-2 text-slate-600">
        ·
      </span>
      {`${formatPriceAmount(price)} / ${SUBSCRIPTION_COPY.perInterval[price.recurring.interval]}`}
    </p>
  );
}

/** One label and its value: stacked on phones, side by side from sm up. */
function SummaryRow({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-6">
      <dt className="text-slate-400">{label}</dt>
      <dd className="flex min-w-0 flex-col gap-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The user info panel: e-mail with Log out, display state, plan and price, renewal or end, granted time, actions. */
export function SubscriptionSummary({
  user,
  prices,
  actions,
}: {
  user: User;
  prices: readonly Price[];
  actions: SubscriptionActions;
}) {
  const { state, periodLines, granted } = summaryModel(user);
  const current = findCurrentPrice(prices, user);

  return (
    <section
      aria-labelledby="subscription-summary-title"
      className="rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="subscription-summary-title" className="text-lg font-semibold text-white">
            {SUBSCRIPTION_COPY.summaryTitle}
          </h2>
          <AccountLine className="mt-1" />
          <dl className="mt-4 space-y-4 text-sm">
            <SummaryRow label="Status" testId="subscription-status">
              {state ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Badge color={state.color}>{state.label}</Badge>
                  {current ? <CurrentPlan price={current} /> : null}
                </div>
              ) : (
                <p className="text-slate-300">
                  {SUBSCRIPTION_COPY.noSubscription}
                  <span className="block text-slate-500">{SUBSCRIPTION_COPY.noSubscriptionHint}</span>
                </p>
              )}
              {periodLines.map((line) => (
                <p key={line} className="text-slate-300">
                  {line}
                </p>
              ))}
              {granted ? (
                <p className="flex flex-wrap items-center gap-2 text-slate-300">
                  <Badge color="purple">{SUBSCRIPTION_COPY.grantedType[granted.type]}</Badge>
                  {granted.line}
                </p>
              ) : null}
            </SummaryRow>
          </dl>
        </div>
        <SummaryActions user={user} actions={actions} />
      </div>
    </section>
  );
}
