import { buttonClass } from '../../components/ui/button-styles';
import type { PlanCardModel } from '../../shared/pricing/plans';
import { ProcessingLabel } from './processing-label';

/** A plan card's button: its label relative to the current plan, or "Processing..." while it runs. */
export function PlanActionButton({
  plan,
  label,
  processing,
  disabled,
  onClick,
}: {
  plan: PlanCardModel;
  label: string;
  processing: boolean;
  disabled: boolean;
  onClick?: () => void;
}) {
  return (
    <button
      type="button"
      // The card's heading names the plan, so "Subscribe now" is never ambiguous to a screen reader.
      aria-describedby={`plan-${plan.price.id}`}
      className={buttonClass(plan.featured ? 'primary' : 'secondary', 'md', 'w-full')}
      disabled={disabled || processing}
      onClick={onClick}
    >
      {processing ? <ProcessingLabel /> : label}
    </button>
  );
}
