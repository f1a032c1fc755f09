import {
  PLAN_LABELS,
  currentPriceId,
  planButtonLabel,
  subscriptionActions,
  type Price,
} from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { useState } from 'react';
import { PlanPicker } from '../../shared/pricing/plan-picker';
import { CancelationPlanAction } from './cancelation-plan-action';
import { ChangePlanDialog } from './change-plan-dialog';
import { SUBSCRIPTION_COPY } from './copy';
import { PlanActionButton } from './plan-action-button';
import { findCurrentPrice, hasLiveSubscription, initialInterval } from './subscription-status';
import type { SubscriptionActions } from './use-subscription-actions';

/**
 * The plan cards of /subscription. Without a running subscription a card starts checkout; with one it
 * opens the change's confirmation with what it costs now (ChangePlanDialog), except in cancelation
 * (CancelationPlanAction). The stand-in fallback plan has no real
 * price id, so its button stays disabled and a retry for the price list sits under it.
 */
export function SubscriptionPlans({
  user,
  prices,
  fallback,
  retryingPrices,
  onRetryPrices,
  actions,
}: {
  user: User;
  prices: readonly Price[];
  fallback: boolean;
  retryingPrices: boolean;
  onRetryPrices: () => void;
  actions: SubscriptionActions;
}) {
  const live = hasLiveSubscription(user);
  const current = findCurrentPrice(prices, user);
  const { busy } = actions;
  const ending = live && user.inCancelation;
  const { canResume } = subscriptionActions(user);
  const [changing, setChanging] = useState<Price | null>(null);

  // Closed either way once the change has run: its toast says how it went.
  const confirmChange = async (prorationDate: number) => {
    if (!changing) return;
    await actions.changePlan(changing, prorationDate);
    setChanging(null);
  };

  return (
    <>
      <PlanPicker
        prices={prices}
        currentPriceId={live ? currentPriceId(user.stripeSubscription) : null}
        initialInterval={initialInterval(current)}
        renderAction={(plan) => {
          const label = planButtonLabel(plan.price, current, live);
          if (fallback) {
            return (
              <div className="space-y-3">
                <PlanActionButton plan={plan} label={label} processing={false} disabled />
                <p className="text-center text-xs leading-relaxed text-slate-400">
                  {SUBSCRIPTION_COPY.pricesUnavailable}{' '}
                  <button
                    type="button"
                    className="rounded-sm font-semibold text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline disabled:opacity-50"
                    disabled={retryingPrices}
                    onClick={onRetryPrices}
                  >
                    {SUBSCRIPTION_COPY.retryPrices}
                  </button>
                </p>
              </div>
            );
          }
          if (ending) {
            return (
              <CancelationPlanAction
                plan={plan}
                isCurrent={plan.price.id === current?.id}
                canResume={canResume}
                actions={actions}
              />
            );
          }
          const processing = busy !== null && 'priceId' in busy && busy.priceId === plan.price.id;
          return (
            <PlanActionButton
              plan={plan}
              label={label}
              processing={processing}
              disabled={label === PLAN_LABELS.currentPlan || busy !== null}
              onClick={() => (live ? setChanging(plan.price) : void actions.subscribe(plan.price))}
            />
          );
        }}
      />
      <ChangePlanDialog
        userId={user.id}
        price={changing}
        processing={busy?.kind === 'change'}
        onConfirm={(prorationDate) => void confirmChange(prorationDate)}
        onClose={() => setChanging(null)}
      />
    </>
  );
}
