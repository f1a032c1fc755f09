// Totals bar of the flipping and dropship tools (SPEC §2): over the rows that are not unchecked; SPEC's
// three figures, then what they are expected to make (the rows' expected profits summed).
import { formatGold, type Totals } from '@goldroute/domain';
import { memo, useId, useState } from 'react';
import { StickyTotalsBar } from '../../components/ui';
import { useIsNarrow } from '../../lib/use-media-query';

interface Figure {
  label: string;
  value: number;
  color: string;
}

const profitColor = (value: number) => (value < 0 ? 'text-red-400' : 'text-emerald-400');

function figuresOf(totals: Totals): Figure[] {
  return [
    { label: 'Total Investment', value: totals.totalInvestment, color: 'text-gold-200' },
    { label: 'Estimated Sell Price', value: totals.estimatedSellPrice, color: 'text-slate-100' },
    {
      label: 'Profit After AH Cut',
      value: totals.profitAfterAhCut,
      color: profitColor(totals.profitAfterAhCut),
    },
    { label: 'Expected Profit', value: totals.expectedProfit, color: profitColor(totals.expectedProfit) },
  ];
}

/** The figure a phone keeps in sight: what the checked deals make after the cut. */
const PHONE_FIGURE = 'Profit After AH Cut';

export const TotalsBar = memo(function TotalsBar({ totals }: { totals: Totals }) {
  // On a phone the bar stays over the deal cards while scrolling, and four figures would hide much of the
  // few cards in sight: there it shows one figure and expands to the rest on request.
  const narrow = useIsNarrow();
  const figures = figuresOf(totals);
  return (
    <StickyTotalsBar>
      {narrow ? (
        <PhoneTotals figures={figures} />
      ) : (
        figures.map((figure) => <FigureView key={figure.label} figure={figure} />)
      )}
    </StickyTotalsBar>
  );
});

function PhoneTotals({ figures }: { figures: readonly Figure[] }) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const kept = figures.find((figure) => figure.label === PHONE_FIGURE)!;
  const more = figures.filter((figure) => figure !== kept);
  return (
    // The rest opens above the kept line, so the toggle stays under the finger of a bar pinned to the bottom.
    <div className="flex w-full flex-col-reverse gap-3">
      <div className="flex items-center justify-between gap-3">
        <FigureView figure={kept} />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-xl px-3 text-xs font-semibold whitespace-nowrap text-slate-200 ring-1 ring-white/10 ring-inset hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        >
          All totals
          <svg
            viewBox="0 0 20 20"
            fill="none"
            aria-hidden="true"
            className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`}
          >
            <path d="m5 12.5 5-5 5 5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div id={moreId} hidden={!open} className="grid grid-cols-2 gap-x-6 gap-y-2">
        {more.map((figure) => (
          <FigureView key={figure.label} figure={figure} />
        ))}
      </div>
    </div>
  );
}

function FigureView({ figure: { label, value, color } }: { figure: Figure }) {
  return (
    <div className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
      <span className="text-[10px] tracking-wide text-slate-400 uppercase sm:text-xs">{label}</span>
      <span
        data-testid={`total-${label}`}
        className={`text-sm font-semibold tabular-nums sm:text-base ${color}`}
      >
        {formatGold(value)}
      </span>
    </div>
  );
}
