// The "Tool opening" choices of /config-personal: how flipping and dropship start, not what they list.
import { DEAL_SORTS, type DealSort } from '@goldroute/domain';
import {
  EXPECTED_PROFIT_LABEL,
  HIGH_CONFIDENCE_ONLY_LABEL,
  SELL_VS_BUY_LABEL,
} from '../../shared/tool-labels';
import { PanelCheckbox, PanelChoices, PanelSelect } from '../../shared/filters/panel-controls';

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

/** How the deal tools open, as the personal defaults hold it. */
export interface ToolOpening {
  dealSort: DealSort;
  exportHighConfidenceOnly: boolean;
}

export interface ToolOpeningSettingsProps {
  values: ToolOpening;
  /** The personal defaults' own setter, one key at a time. */
  onChange: ((key: 'dealSort', value: DealSort) => void) &
    ((key: 'exportHighConfidenceOnly', value: boolean) => void);
}

export function ToolOpeningSettings({ values, onChange }: ToolOpeningSettingsProps) {
  return (
    <PanelChoices>
      <PanelSelect
        label={TOOL_OPENING_LABELS.dealSort}
        value={values.dealSort}
        options={DEAL_SORT_OPTIONS}
        onChange={(sort) => onChange('dealSort', sort)}
        hint="Largest first. A click on any column header still sorts by it; the TSM list keeps its own order."
      />
      <PanelCheckbox
        label={TOOL_OPENING_LABELS.exportHighConfidenceOnly}
        checked={values.exportHighConfidenceOnly}
        onChange={(on) => onChange('exportHighConfidenceOnly', on)}
        hint="The shopping lists start with only the deals rated high confidence; you can untick it in the dialog."
      />
    </PanelChoices>
  );
}
