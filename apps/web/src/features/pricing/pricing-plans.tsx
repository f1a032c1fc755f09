import type { PriceInterval } from '@goldroute/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { pricesQueryOptions } from './api';
import { BillingToggle } from './billing-toggle';
import { PlanCard } from './plan-card';
import { offeredIntervals, planCards, type PlanCardModel } from './plans';

const gridByCount: Record<number, string> = {
  1: 'max-w-sm',
  2: 'max-w-3xl md:grid-cols-2',
};

function PlanSkeleton() {
  return (
    <div role="status" aria-label="Loading plans" className="mx-auto grid max-w-3xl gap-6 md:grid-cols-2">
      {[0, 1].map((key) => (
        <div key={key} className="h-[420px] animate-pulse rounded-3xl bg-white/[0.04] ring-1 ring-white/5" />
      ))}
    </div>
  );
}

/**
 * Plan cards from GET /shared/payments/prices; when the call fails or nothing is active the single
 * fallback plan ($4.99 USD per month) shows. `renderAction` decides what each card's button does.
 */
export function PricingPlans({ renderAction }: { renderAction: (plan: PlanCardModel) => ReactNode }) {
  const query = useQuery(pricesQueryOptions());
  const [interval, setBillingInterval] = useState<PriceInterval>('month');

  if (query.isPending) return <PlanSkeleton />;

  const prices = query.isError ? [] : query.data;
  const intervals = offeredIntervals(prices);
  const cards = planCards(prices, interval);

  return (
    <div className="flex flex-col items-center gap-10">
      <BillingToggle value={interval} onChange={setBillingInterval} intervals={intervals} />
      <div className={`mx-auto grid w-full gap-6 ${gridByCount[cards.length] ?? 'max-w-6xl md:grid-cols-3'}`}>
        {cards.map((plan) => (
          <PlanCard key={plan.price.id} plan={plan} action={renderAction(plan)} />
        ))}
      </div>
    </div>
  );
}
