// Totals bar of the flipping and dropship tools (SPEC §2): over the rows that are not unchecked; SPEC's
// three figures, then what they are expected to make (the rows' expected profits summed).
import { formatGold, type Totals } from '@goldroute/domain';
import { memo } from 'react';
import { StickyTotalsBar } from '../../components/ui';

export const TotalsBar = memo(function TotalsBar({ totals }: { totals: Totals }) {
  const items: [string, number, string][] = [
    ['Total Investment', totals.totalInvestment, 'text-gold-200'],
    ['Estimated Sell Price', totals.estimatedSellPrice, 'text-slate-100'],
    [
      'Profit After AH Cut',
      totals.profitAfterAhCut,
      totals.profitAfterAhCut < 0 ? 'text-red-400' : 'text-emerald-400',
    ],
    [
      'Expected Profit',
      totals.expectedProfit,
      totals.expectedProfit < 0 ? 'text-red-400' : 'text-emerald-400',
    ],
  ];
  return (
    <StickyTotalsBar>
      {items.map(([label, value, color]) => (
        <div key={label} className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
          <span className="text-[10px] tracking-wide text-slate-400 uppercase sm:text-xs">{label}</span>
          <span
            data-testid={`total-${label}`}
            className={`text-sm font-semibold tabular-nums sm:text-base ${color}`}
          >
            {formatGold(value)}
          </span>
        </div>
      ))}
    </StickyTotalsBar>
  );
});
