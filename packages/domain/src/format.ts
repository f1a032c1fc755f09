// Display formats and colour rules of SPEC §9 "Display". Colours are tokens; the UI maps them to classes.
import { NAME_TRUNCATE_LENGTH, PERCENT_DISPLAY_CAP } from './constants';
import { ITEM_LEVEL_TEXTS, PRICE_RATIO_LABELS } from './messages';

export type StatusColor = 'red' | 'yellow' | 'green';
export const BADGE_COLORS = ['gray', 'red', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];

// Fixed locale so server, browser and tests print the same separators.
const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "12,345g": truncated toward zero, thousands separators. Non-numbers show as 0g. */
export function formatGold(n: number): string {
  const whole = Number.isFinite(n) ? Math.trunc(n) : 0;
  return `${integerFormat.format(whole === 0 ? 0 : whole)}g`;
}

/** One decimal, capped at ±9999999 so an unbounded ratio still fits its cell; a loss that rounds to nothing is 0.0%, not -0.0%. */
export function formatPercent(n: number): string {
  const value = Number.isNaN(n) ? 0 : Math.max(-PERCENT_DISPLAY_CAP, Math.min(PERCENT_DISPLAY_CAP, n));
  const text = value.toFixed(1);
  return `${text === '-0.0' ? '0.0' : text}%`;
}

export function formatRatio(n: number): string {
  return (Number.isFinite(n) ? n : 0).toFixed(3);
}

/** 1,000 or more as K, 1,000,000 or more as M, one decimal; 999,950 rounds up to "1.0M", not "1000.0K". */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (abs >= 1_000_000 || (abs >= 1000 && (abs / 1000).toFixed(1) === '1000.0')) {
    return `${sign}${(abs / 1_000_000).toFixed(1)}M`;
  }
  if (abs >= 1000) return `${sign}${(abs / 1000).toFixed(1)}K`;
  return String(n);
}

/** Item level as a whole number (SPEC §2); an unknown one as "unknown", never a guessed number. */
export function formatItemLevel(itemLevel: number | null): string {
  return itemLevel === null ? ITEM_LEVEL_TEXTS.unknown : String(Math.round(itemLevel));
}

/** Keeps the first `max` characters and adds a single-character ellipsis "…" (no width jump). */
export const ELLIPSIS = '…';

export function truncateName(name: string, max: number = NAME_TRUNCATE_LENGTH): string {
  const chars = [...name]; // code points, so an emoji or accented pair is never cut in half
  return chars.length > max ? `${chars.slice(0, max).join('')}${ELLIPSIS}` : name;
}

export function sellRateColor(rate: number): StatusColor {
  if (rate < 0.005) return 'red';
  return rate < 0.02 ? 'yellow' : 'green';
}

export function sellVsBuyPercentColor(percent: number): StatusColor {
  if (percent < 20) return 'red';
  return percent > 100 ? 'green' : 'yellow';
}

export function saleAvgVsBuyColor(value: number): StatusColor {
  return value < 0 ? 'red' : 'green';
}

export function priceRatioColor(ratio: number): StatusColor {
  if (ratio < 5) return 'green';
  return ratio <= 10 ? 'yellow' : 'red';
}

export function priceRatioLabel(ratio: number): string {
  if (ratio < 5) return PRICE_RATIO_LABELS.cheap;
  return ratio <= 10 ? PRICE_RATIO_LABELS.normal : PRICE_RATIO_LABELS.expensive;
}

/** Realm load: Low green, Medium yellow, High or Full red; anything else is neutral gray. */
export function loadColor(load: string): StatusColor | 'gray' {
  switch (load.toUpperCase()) {
    case 'LOW':
      return 'green';
    case 'MEDIUM':
      return 'yellow';
    case 'HIGH':
    case 'FULL':
      return 'red';
    default:
      return 'gray';
  }
}

/** Minutes since the last data update: under 60 green, up to 90 yellow, above red. */
export function timerFreshnessColor(minutesSince: number): StatusColor {
  if (minutesSince < 60) return 'green';
  return minutesSince <= 90 ? 'yellow' : 'red';
}

/**
 * Population badges use the load colours above, as the game's own realm list does (Low green, Medium
 * yellow, High or Full red). The spec leaves the other population types open: New / Recommended pink
 * (fresh realms), Locked purple (cannot be joined), anything else gray.
 */
export function populationBadgeColor(population: string): BadgeColor {
  switch (population.toUpperCase().replace(/\s+/g, '_')) {
    case 'NEW':
    case 'NEW_PLAYERS':
    case 'RECOMMENDED':
      return 'pink';
    case 'LOCKED':
      return 'purple';
    default:
      return loadColor(population);
  }
}
