import { PLAN_LABELS } from '@goldroute/domain';
import { Suspense, lazy, useRef } from 'react';
import { Link } from 'react-router';
import { loadAppQueryClient } from '../../lib/app-query-client';
import { useNearViewport } from '../../lib/use-near-viewport';
import { anchors, paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { PlanSkeleton } from '../../shared/pricing/plan-skeleton';
import { LandingSection, SectionHeading } from './section-heading';

// The price cards ask the server, so their code comes with the app's query cache, both only when a visitor
// nears the section: the first paint of the landing page needs neither.
const loadPlans = () =>
  Promise.all([import('../../shared/pricing/pricing-plans'), loadAppQueryClient()]).then(
    ([module]) => module,
  );
const PricingPlans = lazy(() => loadPlans().then((module) => ({ default: module.PricingPlans })));

// Unit tests look at the cards as soon as the page is there, as with one bundle: have their code at hand.
// The build drops this branch.
if (import.meta.env.MODE === 'test') await loadPlans();

export function PricingSection() {
  const plansSlot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plansSlot);
  return (
    <LandingSection id={anchors.pricing} labelledBy="pricing-title" className="bg-ink-900/60">
      <SectionHeading eyebrow="Pricing" title="One subscription, every tool" id="pricing-title">
        Cancel whenever you like: your access simply runs until the end of the period you paid for.
      </SectionHeading>
      <div ref={plansSlot} className="mt-12">
        {near ? (
          <Suspense fallback={<PlanSkeleton />}>
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
          </Suspense>
        ) : (
          <PlanSkeleton />
        )}
      </div>
      <p className="mt-10 text-center text-sm text-slate-500">
        Every plan includes all four tools for US and EU realms. Prices are charged by our card payment
        provider.
      </p>
    </LandingSection>
  );
}
