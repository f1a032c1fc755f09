import { describe, expect, it } from 'vitest';
import {
  BADGE_COLORS,
  formatCount,
  formatGold,
  formatItemLevel,
  formatPercent,
  formatRatio,
  loadColor,
  populationBadgeColor,
  priceRatioColor,
  priceRatioLabel,
  saleAvgVsBuyColor,
  sellRateColor,
  sellVsBuyPercentColor,
  timerFreshnessColor,
  truncateName,
} from './format';

describe('"Gold is shown as the truncated number plus g"', () => {
  it.each([
    [0, '0g'],
    [12345, '12,345g'],
    [12345.99, '12,345g'],
    [999.9, '999g'],
    [1234567.8, '1,234,567g'],
    [-1234.9, '-1,234g'],
    [-0.5, '0g'],
    [Number.NaN, '0g'],
  ])('formatGold(%f) is %s', (n, text) => {
    expect(formatGold(n)).toBe(text);
  });
});

describe('"Percentages are shown with 1 decimal"; "Percent display is capped at 9999999"', () => {
  it.each([
    [12.345, '12.3%'],
    [12.36, '12.4%'],
    [0, '0.0%'],
    [-5.55, '-5.5%'],
    [-0.04, '0.0%'],
    [-0.05, '-0.1%'],
    [9999999, '9999999.0%'],
    [10000000, '9999999.0%'],
    [Number.POSITIVE_INFINITY, '9999999.0%'],
    [-20000000, '-9999999.0%'],
    [Number.NaN, '0.0%'],
  ])('formatPercent(%f) is %s', (n, text) => {
    expect(formatPercent(n)).toBe(text);
  });
});

describe('"ratios with 3" decimals', () => {
  it.each([
    [1, '1.000'],
    [0.98765, '0.988'],
    [12.3, '12.300'],
    [Number.NaN, '0.000'],
  ])('formatRatio(%f) is %s', (n, text) => {
    expect(formatRatio(n)).toBe(text);
  });
});

describe('"Counts of 1,000 or more are shown as K and 1,000,000 or more as M, with one decimal"', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [1250, '1.3K'],
    [999949, '999.9K'],
    [999950, '1.0M'],
    [1000000, '1.0M'],
    [3400000, '3.4M'],
    [-1500, '-1.5K'],
  ])('formatCount(%i) is %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});

describe('"Item level is shown as a whole number"; an unknown one as "?"', () => {
  it.each([
    [415.6, '416'],
    [415.4, '415'],
    [0, '0'],
    [null, 'unknown'],
  ])('formatItemLevel(%s) is %s', (level, text) => {
    expect(formatItemLevel(level)).toBe(text);
  });
});

describe('"Item names longer than 30 characters are truncated with an ellipsis"', () => {
  it.each([
    ['Short name', 'Short name'],
    ['x'.repeat(30), 'x'.repeat(30)],
    ['x'.repeat(31), `${'x'.repeat(30)}…`],
    ['Thunderfury, Blessed Blade of the Windseeker', 'Thunderfury, Blessed Blade of …'],
  ])('truncateName(%j)', (name, text) => {
    expect(truncateName(name)).toBe(text);
  });

  it('takes a custom length', () => {
    expect(truncateName('abcdef', 3)).toBe('abc…');
  });
});

/** A colour rule as SPEC §9 words it, the function that applies it, and values with their colours. */
const COLOUR_RULES: [string, (value: never) => string, [number | string, string][]][] = [
  [
    '"Sell-rate colour: under 0.005 red, from 0.005 to under 0.02 yellow, otherwise green"',
    sellRateColor,
    [
      [0, 'red'],
      [0.0049, 'red'],
      [0.005, 'yellow'],
      [0.0199, 'yellow'],
      [0.02, 'green'],
      [0.5, 'green'],
    ],
  ],
  [
    '"Sell vs Buy percentage colour: under 20 red, over 100 green, otherwise yellow"',
    sellVsBuyPercentColor,
    [
      [-10, 'red'],
      [19.9, 'red'],
      [20, 'yellow'],
      [100, 'yellow'],
      [100.1, 'green'],
    ],
  ],
  [
    '"Sale Avg vs Buy: red when negative, green otherwise"',
    saleAvgVsBuyColor,
    [
      [-0.01, 'red'],
      [0, 'green'],
      [10, 'green'],
    ],
  ],
  [
    '"Load colours: Low green, Medium yellow, High or Full red"',
    loadColor,
    [
      ['LOW', 'green'],
      ['MEDIUM', 'yellow'],
      ['HIGH', 'red'],
      ['FULL', 'red'],
      ['Low', 'green'],
      ['LOCKED', 'gray'],
    ],
  ],
  [
    '"Timer freshness ... under 60 green, up to 90 yellow, above red"',
    timerFreshnessColor,
    [
      [0, 'green'],
      [59.9, 'green'],
      [60, 'yellow'],
      [90, 'yellow'],
      [90.1, 'red'],
    ],
  ],
];

describe('colour rules (SPEC §9 Display)', () => {
  it.each(
    COLOUR_RULES.flatMap(([rule, colourOf, cases]) =>
      cases.map(([value, colour]) => [rule, value, colour, colourOf] as const),
    ),
  )('%s: %s -> %s', (_rule, value, colour, colourOf) => {
    expect(colourOf(value as never)).toBe(colour);
  });

  it.each([
    [4.99, 'green', 'rather cheap'],
    [5, 'yellow', 'around normal'],
    [10, 'yellow', 'around normal'],
    [10.01, 'red', 'significantly expensive'],
  ])(
    '"Price ratio: below 5 rather cheap (green), 5 to 10 around normal (yellow), above 10 significantly expensive (red)": %f',
    (ratio, color, label) => {
      expect(priceRatioColor(ratio)).toBe(color);
      expect(priceRatioLabel(ratio)).toBe(label);
    },
  );

  it('"Badge colours: gray, red, yellow, green, blue, purple, pink"', () => {
    expect(BADGE_COLORS).toEqual(['gray', 'red', 'yellow', 'green', 'blue', 'purple', 'pink']);
  });

  it.each([
    ['LOW', 'green'],
    ['MEDIUM', 'yellow'],
    ['Medium', 'yellow'],
    ['HIGH', 'red'],
    ['FULL', 'red'],
    ['NEW', 'pink'],
    ['New Players', 'pink'],
    ['RECOMMENDED', 'pink'],
    ['LOCKED', 'purple'],
    ['', 'gray'],
    ['UNKNOWN', 'gray'],
  ])('population badge: the load colours, other types chosen by us: %j -> %s', (population, color) => {
    expect(populationBadgeColor(population)).toBe(color);
  });
});
