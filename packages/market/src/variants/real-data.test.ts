// Item level, sockets, tertiary and crafted stats of real auctions (fixtures/blizzard-real), held against
// levels seen in game and against two independent resolvers run unmodified over the same raidbots files:
// AzerothAuctionAssassin and QuestionablyEpic (fixtures/blizzard-real/README.md says which commits and how).
// Each reference misreads the files in a few known ways, each shown wrong by a level seen in game; a case
// is held against a reference unless it meets one of that reference's misreadings, and every case must
// be held against at least one of them.
import { describe, expect, it } from 'vitest';
import {
  aaaMisreads,
  dropOf,
  expectedCases,
  inGameCases,
  qeMisreads,
  realBonusData,
  realItems,
  type ExpectedCase,
} from '../test-support/real-data';
import { resolveVariant } from '../variant-key';
import { resolveItemLevel, type CurveRounding } from './item-level';

const data = realBonusData();
const items = new Map(realItems().map((i) => [i.id, i]));
const cases = expectedCases();

function ourLevel(c: ExpectedCase, rounding: CurveRounding): number | null {
  const item = items.get(c.itemId)!;
  const drop = dropOf(c) || item.required_level || undefined;
  return resolveItemLevel(
    item.level,
    [...c.bonus].sort((a, b) => a - b),
    drop,
    data,
    rounding,
  );
}

describe('real auctions against two independent resolvers', () => {
  const againstAaa = cases.filter((c) => aaaMisreads(c).length === 0);
  const againstQe = cases.filter((c) => qeMisreads(c).length === 0);

  it('holds every case against at least one reference but two low-level pieces, and 200 cases in all', () => {
    const neither = cases.filter((c) => aaaMisreads(c).length > 0 && qeMisreads(c).length > 0);
    // Both misread these two low-level pieces: AzerothAuctionAssassin drops the curve's first point or
    // does not follow the applied bonus, QuestionablyEpic goes below level 1. On the whole curve they
    // fall under 1, and the game shows 1.
    expect(neither.map((c) => ({ item: c.itemId, aaa: aaaMisreads(c), qe: qeMisreads(c) }))).toEqual([
      { item: 1376, aaa: ['curve point at level 0'], qe: ['level below 1'] },
      { item: 2773, aaa: ['applied level'], qe: ['level below 1'] },
    ]);
    for (const c of neither) expect(ourLevel(c, 'nearest')).toBe(1);
    expect(cases.length - neither.length).toBeGreaterThanOrEqual(200);
    expect(againstAaa.length).toBeGreaterThan(100);
    expect(againstQe.length).toBeGreaterThan(100);
  });

  it("equals AzerothAuctionAssassin's level (read with its truncation) on every case it reads right", () => {
    const differ = againstAaa
      .map((c) => ({
        item: c.itemId,
        bonus: c.bonus,
        reference: c.aaaItemLevel,
        ours: ourLevel(c, 'truncate'),
      }))
      .filter((d) => d.ours !== d.reference);
    expect(differ).toEqual([]);
  });

  it("equals QuestionablyEpic's level on every case it reads right", () => {
    const differ = againstQe
      .map((c) => ({
        item: c.itemId,
        bonus: c.bonus,
        reference: c.qeItemLevel,
        ours: ourLevel(c, 'nearest'),
      }))
      .filter((d) => d.ours !== d.reference);
    expect(differ).toEqual([]);
  });

  it('finds the sockets, tertiary and crafted stats AzerothAuctionAssassin finds, on every case', () => {
    const names: Record<number, string> = { 32: 'crit', 36: 'haste', 40: 'versatility', 49: 'mastery' };
    const differ = cases.filter((c) => {
      const item = items.get(c.itemId)!;
      const v = resolveVariant({ level: item.level, quality: 1 }, c.bonus, c.modifiers, data);
      const got = {
        sockets: v.sockets.length > 0,
        leech: v.tertiaryStats.includes('Leech'),
        avoidance: v.tertiaryStats.includes('Avoidance'),
        speed: v.tertiaryStats.includes('Speed'),
        secondary: v.craftedStats.map((id) => names[id]),
      };
      const { sockets, leech, avoidance, speed, secondary } = c;
      return JSON.stringify(got) !== JSON.stringify({ sockets, leech, avoidance, speed, secondary });
    });
    expect(differ).toEqual([]);
    expect(cases.filter((c) => c.secondary.length === 2).length).toBeGreaterThan(0);
    expect(cases.some((c) => c.sockets)).toBe(true);
    expect(cases.some((c) => c.leech || c.avoidance || c.speed)).toBe(true);
  });
});

describe('levels seen in game', () => {
  it.each(inGameCases())('$name: $itemLevel', (c) => {
    // Where the level does not hang on the base level, any base gives it.
    for (const base of c.base === null ? [1, 500] : [c.base])
      expect(
        resolveItemLevel(
          base,
          [...c.bonus].sort((a, b) => a - b),
          c.dropLevel ?? undefined,
          data,
        ),
      ).toBe(c.itemLevel);
  });

  it('gives the issue example its squished level: 210088 with 9547, 6652, 1481, 8766 is 74 (73.6)', () => {
    const c = cases.find((x) => x.itemId === 210088 && x.bonus.join() === '9547,6652,1481,8766')!;
    expect(ourLevel(c, 'nearest')).toBe(74);
    expect(c.aaaItemLevel).toBe(73);
    expect(c.qeItemLevel).toBe(74);
  });
});
