// Item level, sockets, tertiary and crafted stats of real auctions (fixtures/blizzard-real), held against
// independent resolvers run unmodified (fixtures/blizzard-real/README.md says which commits and how):
// the item level against TradeSkillMaster's BonusIdTool, whose algorithm is itself held against levels the
// game showed; sockets, tertiary and crafted stats against AzerothAuctionAssassin. Also levels seen in
// game (in-game.json, from QuestionablyEpic's tests).
import { describe, expect, it } from 'vitest';
import {
  dropOf,
  expectedCases,
  expectedGaps,
  inGameCases,
  realBonusData,
  realItems,
  type ExpectedCase,
} from '../test-support/real-data';
import { resolveVariant } from './variant-key';
import { resolveItemLevel } from './item-level';

const data = realBonusData();
const items = new Map(realItems().map((i) => [i.id, i]));
const cases = expectedCases();

function ourLevel(c: ExpectedCase): number | null {
  return resolveItemLevel(items.get(c.itemId)!.level, c.bonus, dropOf(c), data);
}

describe('real auctions against independent resolvers', () => {
  it("equals TradeSkillMaster's level on every case but one content-tuned piece, of over 400", () => {
    expect(cases.length).toBeGreaterThan(400);
    const differ = cases
      .filter((c) => ourLevel(c) !== c.tsmItemLevel)
      .map((c) => ({
        item: c.itemId,
        bonus: c.bonus,
        tsm: c.tsmItemLevel,
        ours: ourLevel(c),
        gaps: expectedGaps(c, items.get(c.itemId)!.level, data),
      }));
    // Modifier 28 (content tuning 2872) caps this piece's drop level of 79 before its curve is read; the
    // content tuning table is not among raidbots' files.
    expect(differ).toEqual([
      { item: 1925, bonus: [4811, 4815], tsm: 82, ours: 85, gaps: ['content tuning'] },
    ]);
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
      expect(resolveItemLevel(base, c.bonus, c.dropLevel ?? undefined, data)).toBe(c.itemLevel);
  });

  it("gives the issue's example the level TradeSkillMaster gives it and the game showed: 210088 is 80", () => {
    const c = cases.find((x) => x.itemId === 210088 && x.bonus.join() === '9547,6652,1481,8766')!;
    expect(ourLevel(c)).toBe(80);
    expect(c.tsmItemLevel).toBe(80);
  });
});
