import type { RealmDay } from '@goldroute/domain/api';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DealHistoryChart } from './deal-history-chart';

const day = (lowest: number): RealmDay => ({ lowest, listings: 3, sales: 1, median: lowest });
const days = (buy: number, sell: number) =>
  ['2026-11-20', '2026-11-21'].map((d) => ({ day: d, buy: day(buy), sell: day(sell) }));

/** Where the plot starts: the first price grid line, right of the price labels. */
function plotLeft(buy: number, sell: number): number {
  const { container, unmount } = render(
    <DealHistoryChart days={days(buy, sell)} buyRealm="A" sellRealm="B" />,
  );
  const x = Number(container.querySelector('line')?.getAttribute('x1'));
  unmount();
  return x;
}

describe('DealHistoryChart', () => {
  it('leaves the price labels room by their length, so "1,500,000g" is not cut off', () => {
    expect(plotLeft(120, 180)).toBe(64); // "100g" .. "200g": the usual room
    expect(plotLeft(1_100_000, 1_500_000)).toBe(10 + 7 * '1,500,000g'.length);
  });
});
