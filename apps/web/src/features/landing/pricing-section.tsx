import { PLAN_LABELS } from '@goldroute/domain';
import { Link } from 'react-router';
import { anchors, paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { PricingPlans } from '../pricing/pricing-plans';
import { LandingSection, SectionHeading } from './section-heading';

export function PricingSection() {
  return (
    <LandingSection id={anchors.pricing} labelledBy="pricing-title" className="bg-ink-900/60">
      <SectionHeading eyebrow="Pricing" title="One subscription, every tool" id="pricing-title">
        Cancel whenever you like: your access simply runs until the end of the period you paid for.
      </SectionHeading>
      <div className="mt-12">
        {/* Visitors are not logged in, so every plan button leads to /register (SPEC §2). */}
        <PricingPlans
          renderAction={(plan) => (
            <Link
              to={paths.register}
              aria-label={`${PLAN_LABELS.subscribeNow}: ${plan.planType}`}
              className={buttonClass(plan.featured ? 'primary' : 'secondary', 'md', 'w-full')}
            >
              {PLAN_LABELS.subscribeNow}
            </Link>
          )}
        />
      </div>
      <p className="mt-10 text-center text-sm text-slate-500">
        Every plan includes all four tools for US and EU realms. Prices are charged by our card payment
        provider.
      </p>
    </LandingSection>
  );
}
