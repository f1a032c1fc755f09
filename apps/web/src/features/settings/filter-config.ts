import {
  CATEGORIES,
  EXPANSIONS,
  FILTER_LABELS,
  QUALITIES,
  SYSTEM_DEFAULT_FILTERS,
  configToFilters,
  filterRanges,
  filtersToConfig,
  formatGold,
  type Config,
} from '@goldroute/domain';

/** Ranges of the config screen (SPEC §5: Sale Avg tops out at 50000 here). */
export const CONFIG_RANGES = filterRanges('config');

export const SYSTEM_CONFIG: Readonly<Config> = Object.freeze(filtersToConfig(SYSTEM_DEFAULT_FILTERS));

/** The user's saved defaults as a full config (system defaults where nothing is saved), inside the ranges. */
export function savedConfig(config: Partial<Config> | null | undefined): Config {
  const full = filtersToConfig(configToFilters(config));
  for (const key of SLIDER_KEYS) {
    const { min, max } = CONFIG_RANGES[key];
    full[key] = Math.min(max, Math.max(min, full[key]));
  }
  return full;
}

/** The six numeric defaults, in the order the tools show them. */
export const SLIDER_KEYS = [
  'sellRate',
  'saleAvg',
  'goldProfit',
  'goldProfitSaleAvg',
  'goldProfitPercent',
  'maxGoldBuyout',
] as const;
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

/** Saved vs current, one row per setting. */
export function summaryRows(saved: Config, current: Config): SummaryRow[] {
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
  for (const key of SLIDER_KEYS) {
    rows.push({
      key,
      label: FILTER_LABELS[key],
      saved: formatSliderValue(key, saved[key]),
      current: formatSliderValue(key, current[key]),
      changed: saved[key] !== current[key],
    });
  }
  return rows;
}
