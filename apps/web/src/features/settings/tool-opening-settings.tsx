// The "Tool opening" choices of /config-personal: how flipping and dropship start, not what they list.
import { DEAL_SORTS, type DealSort } from '@goldroute/domain';
import { useId } from 'react';
import {
  EXPECTED_PROFIT_LABEL,
  HIGH_CONFIDENCE_ONLY_LABEL,
  SELL_VS_BUY_LABEL,
} from '../../shared/tool-labels';
import { PANEL_SELECT_CLASS } from '../../shared/filters/trust-filters';

export const TOOL_OPENING_LABELS = {
  dealSort: 'Open flipping and dropship sorted by',
  exportHighConfidenceOnly: `Auctionator export: ${HIGH_CONFIDENCE_ONLY_LABEL.toLowerCase()}`,
} as const;

/** The same choices as the narrow summary column names them. */
export const TOOL_OPENING_SUMMARY_LABELS = {
  dealSort: 'Tools open sorted by',
  exportHighConfidenceOnly: 'Export high confidence only',
} as const;

/** Named after the tools' own column headers, so the choice reads as the column it sorts by. */
const DEAL_SORT_LABELS: Record<DealSort, string> = {
  realisticProfit: EXPECTED_PROFIT_LABEL,
  sellVsBuy: SELL_VS_BUY_LABEL,
};

export const DEAL_SORT_OPTIONS = DEAL_SORTS.map((value) => ({ value, label: DEAL_SORT_LABELS[value] }));

export function dealSortLabel(sort: DealSort): string {
  return DEAL_SORT_LABELS[sort];
}

/** The export choice as the summary writes it. */
export function describeExportHighConfidenceOnly(on: boolean): string {
  return on ? 'On' : 'Off';
}

export interface ToolOpeningSettingsProps {
  dealSort: DealSort;
  onDealSort: (sort: DealSort) => void;
  exportHighConfidenceOnly: boolean;
  onExportHighConfidenceOnly: (on: boolean) => void;
}

export function ToolOpeningSettings({
  dealSort,
  onDealSort,
  exportHighConfidenceOnly,
  onExportHighConfidenceOnly,
}: ToolOpeningSettingsProps) {
  const sortId = useId();
  const exportId = useId();
  return (
    <div className="space-y-3 rounded-xl border border-white/5 bg-white/[0.02] p-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-200">
        <label htmlFor={sortId} className="font-medium">
          {TOOL_OPENING_LABELS.dealSort}
        </label>
        <select
          id={sortId}
          value={dealSort}
          onChange={(e) => onDealSort(DEAL_SORTS.find((sort) => sort === e.target.value) ?? DEAL_SORTS[0])}
          className={PANEL_SELECT_CLASS}
        >
          {DEAL_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p className="w-full text-xs text-slate-400">
          Largest first. A click on any column header still sorts by it; the TSM list keeps its own order.
        </p>
      </div>
      <div className="flex items-start gap-3 text-sm text-slate-200">
        <input
          id={exportId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-gold-400"
          checked={exportHighConfidenceOnly}
          onChange={(e) => onExportHighConfidenceOnly(e.target.checked)}
          aria-describedby={`${exportId}-hint`}
        />
        <div>
          <label htmlFor={exportId} className="block cursor-pointer font-medium">
            {TOOL_OPENING_LABELS.exportHighConfidenceOnly}
          </label>
          <p id={`${exportId}-hint`} className="text-xs text-slate-400">
            The shopping lists start with only the deals rated high confidence; you can untick it in the
            dialog.
          </p>
        </div>
      </div>
    </div>
  );
}
