import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pricesQueryOptions } from './api';
import { PlanPicker } from './plan-picker';
import type { PlanCardModel } from './plans';

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
 * Plan cards from the public GET /shared/payments/prices; when the call fails or nothing is active the
 * single fallback plan ($4.99 USD per month) shows. `renderAction` decides what each card's button does.
 */
export function PricingPlans({ renderAction }: { renderAction: (plan: PlanCardModel) => ReactNode }) {
  const query = useQuery(pricesQueryOptions());
  if (query.isPending) return <PlanSkeleton />;
  return <PlanPicker prices={query.isError ? [] : query.data} renderAction={renderAction} />;
}
