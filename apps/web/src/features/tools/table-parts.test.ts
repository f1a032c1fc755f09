import { describe, expect, it } from 'vitest';
import { minimumRem } from './table-parts';

describe('table width', () => {
  it("adds up the tracks' minimum widths: fixed widths and the minimum of shares", () => {
    expect(minimumRem(['2rem', 'minmax(11rem,1.25fr)', '5.75rem', 'minmax(7rem,1fr)', '2.25rem'])).toBe(28);
  });
});
