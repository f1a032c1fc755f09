import {
  CATEGORIES,
  CONFIG_NUMBER_KEYS,
  EXPANSIONS,
  FILTER_LABELS,
  QUALITIES,
  SYSTEM_DEFAULT_FILTERS,
  SYSTEM_TOOL_OPENING,
  configToFilters,
  filterRanges,
  filtersToConfig,
  formatGold,
  toolOpeningOf,
  type Config,
  type ConfidenceLevel,
  type DealSort,
  type Filters,
} from '@goldroute/domain';
import { TRUST_FILTER_LABELS, minConfidenceLabel } from '../../shared/filters/trust-filters';
import {
  TOOL_OPENING_SUMMARY_LABELS,
  dealSortLabel,
  describeExportHighConfidenceOnly,
} from './tool-opening-settings';

/** Ranges of the config screen (SPEC §5: Sale Avg tops out at 50000 here). */
export const CONFIG_RANGES = filterRanges('config');

/**
 * The personal defaults as /config-personal edits them: the saved config plus the activation checkbox of
 * "Gold Profit on Sale Avg" (SPEC §5), which the tools' filters carry as `goldProfitSaleAvgEnabled`, the
 * deal-trust filters and how the deal tools open, all present (a config saved before them reads as the
 * system default).
 */
export interface PersonalConfig extends Config {
  goldProfitSaleAvgEnabled: boolean;
  minConfidence: ConfidenceLevel;
  hideDeadListings: boolean;
  dealSort: DealSort;
  exportHighConfidenceOnly: boolean;
}

/** The checkbox as saved; a config saved before it existed reads as off, the system default. */
export function saleAvgEnabledOf(config: Partial<Config> | null | undefined): boolean {
  return configToFilters(config).goldProfitSaleAvgEnabled;
}

/** The user's saved defaults as a full config (system defaults where nothing is saved), inside the ranges. */
export function savedConfig(config: Partial<Config> | null | undefined): PersonalConfig {
  const full = filtersToConfig(configToFilters(config));
  for (const key of SLIDER_KEYS) {
    const { min, max } = CONFIG_RANGES[key];
    full[key] = Math.min(max, Math.max(min, full[key]));
  }
  return { ...full, goldProfitSaleAvgEnabled: saleAvgEnabledOf(config), ...toolOpeningOf(config) };
}

/** What the tools open with: the saved defaults, the Gold Profit on Sale Avg checkbox included. */
export function personalFilters(config: Partial<Config> | null | undefined): Filters {
  return configToFilters(config);
}

export const SYSTEM_CONFIG: Readonly<PersonalConfig> = Object.freeze({
  ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
  goldProfitSaleAvgEnabled: SYSTEM_DEFAULT_FILTERS.goldProfitSaleAvgEnabled,
  ...SYSTEM_TOOL_OPENING,
});

/** The six numeric defaults, in the order the tools show them (the config's own order). */
export const SLIDER_KEYS = CONFIG_NUMBER_KEYS;
export type SliderKey = (typeof SLIDER_KEYS)[number];

export const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c as string, label: c }));
export const EXPANSION_OPTIONS = EXPANSIONS.map((e) => ({ value: e.id as number, label: e.name }));
export const QUALITY_OPTIONS = QUALITIES.map((q) => ({ value: q.id as number, label: q.name }));

/** "All", a short list, or "N of M" for a selection. */
export function describeSelection(
  selected: readonly (string | number)[],
  options: readonly { value: string | number; label: string }[],
): string {
  if (selected.length === 0) return 'None';
  if (options.every((option) => selected.includes(option.value))) return `All ${options.length}`;
  const labels = options.filter((option) => selected.includes(option.value)).map((option) => option.label);
  return labels.length <= 3 ? labels.join(', ') : `${labels.length} of ${options.length}`;
}

export function formatSliderValue(key: SliderKey, value: number): string {
  switch (key) {
    case 'sellRate':
      return String(value);
    case 'goldProfitPercent':
      return `${new Intl.NumberFormat('en-US').format(value)}%`;
    default:
      return formatGold(value);
  }
}

export interface SummaryRow {
  key: string;
  label: string;
  saved: string;
  current: string;
  changed: boolean;
}

/** "Hide dead listings" as the summary and the preview write it. */
export function describeDeadListings(hide: boolean): string {
  return hide ? 'Hidden' : 'Shown';
}

/** Gold Profit on Sale Avg as the summary and the preview write it: its value, or "Off" without its checkbox. */
export function describeSaleAvgProfit(config: PersonalConfig): string {
  return config.goldProfitSaleAvgEnabled ? formatGold(config.goldProfitSaleAvg) : 'Off';
}

/** Saved vs current, one row per setting. */
export function summaryRows(saved: PersonalConfig, current: PersonalConfig): SummaryRow[] {
  const lists = [
    { key: 'categories', label: 'Categories', options: CATEGORY_OPTIONS },
    { key: 'expansions', label: 'Expansions', options: EXPANSION_OPTIONS },
    { key: 'qualities', label: 'Qualities', options: QUALITY_OPTIONS },
  ] as const;
  const rows: SummaryRow[] = lists.map(({ key, label, options }) => {
    const a = saved[key] as readonly (string | number)[];
    const b = current[key] as readonly (string | number)[];
    return {
      key,
      label,
      saved: describeSelection(a, options),
      current: describeSelection(b, options),
      changed: a.length !== b.length || a.some((value) => !b.includes(value)),
    };
  });
  /** A setting compared as one value, written by `describe`. */
  const single = <K extends keyof PersonalConfig>(
    key: K,
    label: string,
    describe: (value: PersonalConfig[K]) => string,
  ): SummaryRow => ({
    key,
    label,
    saved: describe(saved[key]),
    current: describe(current[key]),
    changed: saved[key] !== current[key],
  });
  for (const key of SLIDER_KEYS) {
    if (key === 'goldProfitSaleAvg') {
      // Off is off whatever the slider was left at: only the checkbox, or the value while on, is a change.
      rows.push({
        key,
        label: FILTER_LABELS[key],
        saved: describeSaleAvgProfit(saved),
        current: describeSaleAvgProfit(current),
        changed:
          saved.goldProfitSaleAvgEnabled !== current.goldProfitSaleAvgEnabled ||
          (current.goldProfitSaleAvgEnabled && saved[key] !== current[key]),
      });
      continue;
    }
    rows.push(single(key, FILTER_LABELS[key], (value) => formatSliderValue(key, value)));
  }
  rows.push(
    single('minConfidence', TRUST_FILTER_LABELS.minConfidence, minConfidenceLabel),
    single('hideDeadListings', TRUST_FILTER_LABELS.hideDeadListings, describeDeadListings),
    single('dealSort', TOOL_OPENING_SUMMARY_LABELS.dealSort, dealSortLabel),
    single(
      'exportHighConfidenceOnly',
      TOOL_OPENING_SUMMARY_LABELS.exportHighConfidenceOnly,
      describeExportHighConfidenceOnly,
    ),
  );
  return rows;
}
