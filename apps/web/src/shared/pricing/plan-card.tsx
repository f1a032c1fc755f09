import { LABELS, formatPriceAmount } from '@goldroute/domain';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { PLAN_TAGLINES, type PlanCardModel } from './plans';
import { StrokeIcon } from '../../components/ui/stroke-icon';

function CheckIcon() {
  return (
    <StrokeIcon
      d="m6.5 10.2 2.3 2.3 4.7-5"
      viewBox="0 0 20 20"
      className="mt-0.5 size-5 shrink-0 text-gold-400"
      strokeWidth={1.8}
      round="both"
      backdrop={<circle cx="10" cy="10" r="9" fill="currentColor" fillOpacity="0.12" />}
    />
  );
}

export function PlanCard({ plan, action }: { plan: PlanCardModel; action: ReactNode }) {
  const { price, planType, mostPopular, featured, savingsPercent, features } = plan;
  const per = price.recurring.interval === 'year' ? 'year' : 'month';
  const headingId = `plan-${price.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-3xl p-7 sm:p-8 ${
        featured
          ? 'bg-gradient-to-b from-gold-400/[0.12] to-ink-850 ring-2 ring-gold-400/60 shadow-[0_30px_80px_-30px_rgb(245_196_81/0.45)]'
          : 'bg-ink-850/80 ring-1 ring-white/10'
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-white">
          {planType}
        </h3>
        {mostPopular ? (
          <span className="rounded-full bg-gold-400 px-3 py-1 text-xs font-bold text-ink-950">
            {LABELS.mostPopular}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-400">{PLAN_TAGLINES[planType]}</p>
      <div className="mt-6 flex items-baseline gap-1.5">
        <span className="text-5xl font-extrabold tracking-tight text-white">{formatPriceAmount(price)}</span>
        <span className="text-base text-slate-400">/{per}</span>
      </div>
      <div className="mt-2 flex min-h-6 flex-wrap items-center gap-2 text-sm text-slate-500">
        <span>{`${price.currency.toUpperCase()} per ${per}`}</span>
        {savingsPercent ? <Badge color="green">{`Save ${savingsPercent}%`}</Badge> : null}
      </div>
      <ul className="mt-7 flex-1 space-y-3 border-t border-white/10 pt-7 text-sm text-slate-200">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
