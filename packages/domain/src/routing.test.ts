import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, clampPage, pageCount, pageSlice, paginationWindow, postLoginPath } from './routing';
import { makeUser } from './test-fixtures';

describe('"Post-login routing" (SPEC §4)', () => {
  it.each([
    ['"1. No access goes to /subscription"', makeUser({ hasAccess: false }), '/subscription'],
    ['step 1 wins over a missing region', makeUser({ hasAccess: false, region: null }), '/subscription'],
    ['"2. No region goes to /config"', makeUser({ region: null }), '/config'],
    [
      '"3. Region us with an empty selling ... US realm list"',
      makeUser({ retailSellingRealmsUS: [] }),
      '/config',
    ],
    [
      '"3. Region us with an empty ... buying US realm list"',
      makeUser({ retailBuyingRealmsUS: [] }),
      '/config',
    ],
    [
      'us with EU lists only',
      makeUser({
        retailBuyingRealmsUS: [],
        retailSellingRealmsUS: [],
        retailBuyingRealmsEU: [1],
        retailSellingRealmsEU: [2],
      }),
      '/config',
    ],
    ['"4. Region eu with an empty EU list" (both)', makeUser({ region: 'eu' }), '/config'],
    ['"4." eu with no selling realms', makeUser({ region: 'eu', retailBuyingRealmsEU: [1] }), '/config'],
    ['"4." eu with no buying realms', makeUser({ region: 'eu', retailSellingRealmsEU: [1] }), '/config'],
    ['"5. Otherwise ... the flipping tool" (us)', makeUser(), '/retail-cross-realm-flipping-tool/us'],
    [
      '"5." (eu)',
      makeUser({
        region: 'eu',
        retailBuyingRealmsEU: [1],
        retailSellingRealmsEU: [2],
        retailBuyingRealmsUS: [],
      }),
      '/retail-cross-realm-flipping-tool/eu',
    ],
  ])('%s', (_label, user, path) => {
    expect(postLoginPath(user)).toBe(path);
  });
});

describe('pagination: "Results per page: 100"; "A window of up to 10 pages either side of the current page"', () => {
  it('has 100 results per page', () => {
    expect(PAGE_SIZE).toBe(100);
  });

  it.each([
    [0, 100, 0],
    [1, 100, 1],
    [100, 100, 1],
    [101, 100, 2],
    [2500, 100, 25],
    [10, 0, 0],
  ])('pageCount(%i, %i) is %i', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it.each([
    [1, 50, range(1, 11)],
    [2, 50, range(1, 12)],
    [11, 50, range(1, 21)],
    [12, 50, range(2, 22)],
    [25, 50, range(15, 35)],
    [40, 50, range(30, 50)],
    [50, 50, range(40, 50)],
    [1, 1, [1]],
    [3, 5, range(1, 5)],
    [1, 0, []],
    [99, 5, range(1, 5)], // a stale page beyond the end is clamped
    [0, 5, range(1, 5)],
  ])('page %i of %i -> %j', (current, total, pages) => {
    expect(paginationWindow(current, total)).toEqual(pages);
  });

  it('takes another span', () => {
    expect(paginationWindow(10, 20, 2)).toEqual([8, 9, 10, 11, 12]);
  });

  it.each([
    [0, 5, 1],
    [6, 5, 5],
    [3, 5, 3],
    [3, 0, 1],
  ])('clampPage(%i, %i) is %i', (page, total, expected) => {
    expect(clampPage(page, total)).toBe(expected);
  });

  it.each([
    [1, [1, 2]],
    [2, [3, 4]],
    [3, [5]],
    [9, [5]],
  ])('pageSlice page %i', (page, rows) => {
    expect(pageSlice([1, 2, 3, 4, 5], page, 2)).toEqual(rows);
  });
});
