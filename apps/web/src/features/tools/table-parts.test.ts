import { describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from './result-parts';
import { minimumRem } from './table-parts';

describe('table width', () => {
  it("adds up the tracks' minimum widths: fixed widths and the minimum of shares", () => {
    expect(minimumRem(['2rem', 'minmax(11rem,1.25fr)', '5.75rem', 'minmax(7rem,1fr)', '2.25rem'])).toBe(28);
  });

  it('lets every results column, Buy Realm included, be in view at 1440 px (24 px page padding each side)', () => {
    // The include checkbox, the columns, the favourite star (ResultsTable's tracks).
    const tracks = ['2rem', ...RESULT_COLUMNS.map((c) => c.track), '2.25rem'];
    expect(minimumRem(tracks) * 16).toBeLessThanOrEqual(1440 - 2 * 24);
  });
});
