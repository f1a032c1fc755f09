import { describe, expect, it } from 'vitest';
import { confidenceBefore } from './rule-before';

describe('the confidence rule before expected profit', () => {
  it.each([
    [[], 'high'],
    [['stale'], 'medium'],
    [['thin-supply'], 'low'],
    [['no-sales-seen'], 'low'],
    [['slow-seller'], 'low'],
    [['bait'], 'low'],
    [['dead-listing'], 'low'],
    [['stale', 'thin-supply'], 'low'],
  ] as const)('%j → %s', (flags, expected) => {
    expect(confidenceBefore(flags)).toBe(expected);
  });
});
