// "Gold Profit on Sale Avg" with its activation checkbox (SPEC §5: the slider is disabled unless the
// checkbox is on). One control for the tools' Advanced Filters panel and /config-personal.
import { FILTER_LABELS, type FilterRange } from '@goldroute/domain';
import { SliderInput } from '../../components/ui/slider-input';
import { PanelChoices } from './panel-controls';

export const SALE_AVG_TOGGLE_LABEL = 'Positive Sale Avg vs Buy only';

export interface SaleAvgProfitFilterProps {
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  value: number;
  onValue: (value: number) => void;
  range: FilterRange;
}

/** The checkbox right above the slider it turns on. */
export function SaleAvgProfitFilter({ enabled, onEnabled, value, onValue, range }: SaleAvgProfitFilterProps) {
  return (
    <PanelChoices>
      <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-200">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-gold-400"
          checked={enabled}
          onChange={(e) => onEnabled(e.target.checked)}
        />
        <span>
          <span className="block font-medium">{SALE_AVG_TOGGLE_LABEL}</span>
          <span className="block text-xs text-slate-400">
            Turns on {FILTER_LABELS.goldProfitSaleAvg}: deals must also pay off at the average sale price.
          </span>
        </span>
      </label>
      <SliderInput
        label={FILTER_LABELS.goldProfitSaleAvg}
        value={value}
        onChange={onValue}
        disabled={!enabled}
        {...range}
      />
    </PanelChoices>
  );
}
