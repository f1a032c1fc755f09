import { PLAN_LABELS } from '@goldroute/domain';
import type { PlanCardModel } from '../../shared/pricing/plans';
import { SUBSCRIPTION_COPY } from './copy';
import { PlanActionButton } from './plan-action-button';
import type { SubscriptionActions } from './use-subscription-actions';

/**
 * A plan card's action while the subscription is in cancelation. No plan change is offered then: the
 * server refuses it after a failed payment, and otherwise it would bill a new plan for a subscription that
 * is ending. The current plan's card offers Resume instead (unless the payment failed, SPEC §4), and the
 * other cards say when a plan can be picked.
 */
export function CancelationPlanAction({
  plan,
  isCurrent,
  canResume,
  actions,
}: {
  plan: PlanCardModel;
  isCurrent: boolean;
  canResume: boolean;
  actions: SubscriptionActions;
}) {
  const { busy } = actions;
  if (!isCurrent) {
    return (
      <p className="text-center text-sm leading-relaxed text-slate-400">
        {canResume ? SUBSCRIPTION_COPY.resumeToChangePlan : SUBSCRIPTION_COPY.pickPlanAfterEnd}
      </p>
    );
  }
  if (!canResume) {
    return <PlanActionButton plan={plan} label={PLAN_LABELS.currentPlan} processing={false} disabled />;
  }
  return (
    <PlanActionButton
      plan={plan}
      label={SUBSCRIPTION_COPY.resumePlan}
      processing={busy?.kind === 'resume' && busy.priceId === plan.price.id}
      disabled={busy !== null}
      onClick={() => void actions.resume(plan.price.id)}
    />
  );
}
