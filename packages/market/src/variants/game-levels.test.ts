// Item levels the game showed, for 29,913 distinct real item links from auction house scans (patch 12.0),
// held against our resolver over raidbots' 12.1 files. The links and levels are TradeSkillMaster's
// (fixtures/game-levels/README.md says where from and how they were read off the game).
import { describe, expect, it } from 'vitest';
import { gameLevelCases, levelGaps, realBonusData, type GameLevelCase } from '../test-support/real-data';
import { resolveItemLevel } from './item-level';

const data = realBonusData();
const cases = gameLevelCases();
const ours = (c: GameLevelCase) => resolveItemLevel(c.baseLevel, c.bonus, c.dropLevel, data);

describe('item levels the game showed', () => {
  const differing = cases.filter((c) => ours(c) !== c.shown);

  it('holds about 30,000 real links, drop-scaled, content-tuned, crafted and squished ones among them', () => {
    expect(cases.length).toBe(29_913);
    expect(cases.filter((c) => c.dropLevel !== undefined).length).toBeGreaterThan(1_000);
    expect(cases.filter((c) => c.contentTuning !== undefined).length).toBeGreaterThan(10_000);
    expect(new Set(cases.map((c) => c.itemId)).size).toBeGreaterThan(5_000);
  });

  it('equals the game on every link but 113, each for data raidbots does not publish', () => {
    const unexplained = differing.filter((c) => levelGaps(c, data).length === 0);
    expect(unexplained.map((c) => ({ ...c, ours: ours(c) }))).toEqual([]);
    const byGap = new Map<string, number>();
    for (const c of differing)
      for (const gap of levelGaps(c, data)) byGap.set(gap, (byGap.get(gap) ?? 0) + 1);
    expect(Object.fromEntries(byGap)).toEqual({
      'content tuning': 104,
      'amount equal to the base': 8,
      'bonus tree': 1,
    });
    expect(differing.length).toBe(113);
  });

  it('knows every bonus id of these links: no level is unknown', () => {
    expect(cases.filter((c) => ours(c) === null)).toEqual([]);
  });
});

describe('the rules, each on a link the game showed', () => {
  const shown = (itemId: number, bonus: number[], dropLevel?: number, contentTuning?: number) => {
    const c = cases.find(
      (x) =>
        x.itemId === itemId &&
        x.bonus.join() === bonus.join() &&
        x.dropLevel === dropLevel &&
        x.contentTuning === contentTuning,
    );
    if (!c) throw new Error(`no link ${itemId} [${bonus}]`);
    return { game: c.shown, ours: ours(c) };
  };

  it('squishes an 11.x upgrade track: Veteran 3/8 (675) is 115', () => {
    expect(shown(238033, [10844, 6652, 12921, 12239, 10353, 12284, 1485, 10255], undefined, 2462)).toEqual({
      game: 115,
      ours: 115,
    });
  });

  it("keeps a current scaling amount as it is (13511's 70) and adds a crafted quality's Midnight step (+4)", () => {
    expect(shown(191234, [13511])).toEqual({ game: 70, ours: 70 });
    expect(shown(191234, [13511, 8807])).toEqual({ game: 74, ours: 74 });
  });

  it("gives the issue's example its level in game: 210088 with 9547, 6652, 1481, 8766 is 80", () => {
    expect(shown(210088, [9547, 6652, 1481, 8766], undefined, 2699)).toEqual({ game: 80, ours: 80 });
  });
});
