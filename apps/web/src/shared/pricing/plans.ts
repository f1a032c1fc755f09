import {
  LABELS,
  hasYearlyPrices,
  planTypeFromLookupKey,
  visiblePrices,
  yearlySavingsPercent,
  type PlanType,
  type Price,
  type PriceInterval,
} from '@goldroute/domain';

/** SPEC §2 plan features; Advanced adds "Priority support". */
export const PLAN_FEATURES = ['War Within Flipping Tool', 'TSM List Generator', 'Customer support'] as const;

export const PLAN_TAGLINES: Record<PlanType, string> = {
  Basic: 'Everything you need to start flipping across realms.',
  Standard: 'Every GoldRoute tool for US and EU realms.',
  Advanced: 'For gold makers who trade every day and want answers fast.',
};

const PLAN_ORDER: Record<PlanType, number> = { Basic: 0, Standard: 1, Advanced: 2 };

export interface PlanCardModel {
  price: Price;
  planType: PlanType;
  features: string[];
  mostPopular: boolean;
  /** Drawn with the gold frame: the most popular plan, or the only one. */
  featured: boolean;
  /** Whole percent saved against 12 monthly payments; null when there is nothing to compare. */
  savingsPercent: number | null;
}

export function planFeatures(planType: PlanType): string[] {
  return planType === 'Advanced' ? [...PLAN_FEATURES, LABELS.prioritySupport] : [...PLAN_FEATURES];
}

/**
 * Which intervals the toggle offers: yearly only when yearly prices exist (SPEC §2). `currentPriceId`
 * keeps a subscriber's own price in play even when it is no longer active (SPEC §5 Prices).
 */
export function offeredIntervals(prices: readonly Price[], currentPriceId?: string | null): PriceInterval[] {
  return hasYearlyPrices(visiblePrices(prices, currentPriceId)) ? ['month', 'year'] : ['month'];
}

/** The cards to show for one interval; falls back to the $4.99 plan when nothing is left. */
export function planCards(
  prices: readonly Price[],
  interval: PriceInterval,
  currentPriceId?: string | null,
): PlanCardModel[] {
  const visible = visiblePrices(prices, currentPriceId);
  const chosen = hasYearlyPrices(visible) ? interval : 'month';
  let shown = visible.filter((price) => price.recurring.interval === chosen);
  if (shown.length === 0) shown = visible;

  const cards = [...shown]
    .map((price) => ({ price, planType: planTypeFromLookupKey(price.lookup_key) }))
    .sort(
      (a, b) => PLAN_ORDER[a.planType] - PLAN_ORDER[b.planType] || a.price.unit_amount - b.price.unit_amount,
    )
    .map(({ price, planType }) => {
      let savingsPercent: number | null = null;
      if (price.recurring.interval === 'year') {
        const monthly = visible.find(
          (other) =>
            other.recurring.interval === 'month' && planTypeFromLookupKey(other.lookup_key) === planType,
        );
        const saved = monthly ? yearlySavingsPercent(monthly.unit_amount, price.unit_amount) : 0;
        savingsPercent = saved > 0 ? saved : null;
      }
      return {
        price,
        planType,
        features: planFeatures(planType),
        mostPopular: planType === 'Advanced',
        featured: planType === 'Advanced',
        savingsPercent,
      };
    });
  if (cards.length === 1 && cards[0]) cards[0].featured = true;
  return cards;
}
