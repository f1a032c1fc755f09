import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pricesQueryOptions } from './api';
import { PlanPicker } from './plan-picker';
import { PlanSkeleton } from './plan-skeleton';
import type { PlanCardModel } from './plans';

/**
 * Plan cards from the public GET /shared/payments/prices; when the call fails or nothing is active the
 * single fallback plan ($4.99 USD per month) shows. `renderAction` decides what each card's button does.
 */
export function PricingPlans({ renderAction }: { renderAction: (plan: PlanCardModel) => ReactNode }) {
  const query = useQuery(pricesQueryOptions());
  if (query.isPending) return <PlanSkeleton />;
  return <PlanPicker prices={query.isError ? [] : query.data} renderAction={renderAction} />;
}
