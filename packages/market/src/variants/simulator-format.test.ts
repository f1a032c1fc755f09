// The embedded default speaks the current format: the simulator's dumps carry real 12.1 bonus ids and
// crafted stat modifiers, and its bonus data the real squish eras, so every hour walks the resolver
// through them.
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { SnapshotBuilder } from '../snapshot';

const economy = createEconomy({ seed: 3, size: 'tiny' });
const data = economy.staticData('us');
const builder = new SnapshotBuilder({ region: 'us', ...data, bonusData: economy.bonusData });
for (const r of economy.connectedRealms('us')) builder.ingest(r.id, economy.auctionsJson('us', r.id, 0));
const snapshot = builder.build();
const variants = snapshot.variants.filter((v) => v.realPetId === null);

describe("the simulator's dumps in the current format", () => {
  it('list items at their squished levels: nothing above what Midnight gear reaches', () => {
    expect(variants.length).toBeGreaterThan(100);
    const levels = variants.map((v) => v.itemLevel ?? Number.NaN);
    expect(levels.every((l) => Number.isInteger(l) && l >= 1 && l <= 300)).toBe(true);
    expect(snapshot.unknownBonusIds).toEqual([]);
  });

  it("carry real bonus ids: the Midnight vendor track's 259 and the crafted top rank's 167", () => {
    const withBonus = (id: number) => variants.filter((v) => v.bonus.includes(id));
    expect(withBonus(12793).length).toBeGreaterThan(0);
    for (const v of withBonus(12793)) expect(v.itemLevel).toBe(259);
    expect(withBonus(12053).length).toBeGreaterThan(0);
    for (const v of withBonus(12053)) expect(v.itemLevel).toBe(167);
  });

  it('tell crafted pieces with other chosen stats apart, by name and key', () => {
    const crafted = variants.filter((v) => v.craftedStats.length === 2);
    expect(crafted.length).toBeGreaterThan(0);
    const names = new Set(['Critical Strike', 'Haste', 'Versatility', 'Mastery']);
    for (const v of crafted) {
      expect(v.craftedStats.every((s) => names.has(s))).toBe(true);
      expect(v.uniqueItemKey).toMatch(/_c\d+-\d+$/);
    }
    const byItem = new Map<number, Set<string>>();
    for (const v of crafted)
      byItem.set(v.itemId, (byItem.get(v.itemId) ?? new Set()).add(v.craftedStats.join()));
    expect([...byItem.values()].some((stats) => stats.size === 2)).toBe(true);
  });
});
