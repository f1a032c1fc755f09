import type { Price, PriceInterval } from '@goldroute/domain';
import { useState, type ReactNode } from 'react';
import { BillingToggle } from './billing-toggle';
import { PlanCard } from './plan-card';
import { offeredIntervals, planCards, type PlanCardModel } from './plans';

const gridByCount: Record<number, string> = {
  1: 'max-w-sm',
  2: 'max-w-3xl md:grid-cols-2',
};

/**
 * The monthly/yearly toggle over the plan cards of the chosen interval. `currentPriceId` keeps the
 * subscriber's own price visible even when retired; `initialInterval` is where the toggle starts.
 */
export function PlanPicker({
  prices,
  currentPriceId = null,
  initialInterval = 'month',
  renderAction,
}: {
  prices: readonly Price[];
  currentPriceId?: string | null;
  initialInterval?: PriceInterval;
  renderAction: (plan: PlanCardModel) => ReactNode;
}) {
  const [interval, setBillingInterval] = useState<PriceInterval>(initialInterval);
  const intervals = offeredIntervals(prices, currentPriceId);
  const cards = planCards(prices, interval, currentPriceId);

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
