// A small synthetic bonus table and item curves in the raidbots format (bonuses.json,
// item-curves.json), joined with a slice of the real 12.1 files (real-bonuses.ts) and their squish
// eras, plus the variant templates equipment auctions are drawn from. The synthetic amounts are in
// pre-squish numbers, like the simulator's base item levels: the squish curve maps both.
import type { Rng } from './random';
import { pick, weightedIndex } from './random';
import type { BonusData, RaidbotsBonus, RaidbotsCurve, Tertiary, VariantTemplate } from './bonus-types';
import { RAIDBOTS_SLICE } from './real-bonuses';

// Tertiary stats: the game's own bonus ids 40-43 and stat ids 61-64.
export const TERTIARY_BONUS = { avoidance: 40, leech: 41, speed: 42, indestructible: 43 } as const;
export const SOCKET_BONUS = { one: 6514, oneAlt: 6935, two: 6936 } as const;
export const LEVEL_BONUS_BASE = 3000; // 3000 + index into LEVEL_STEPS
export const LEVEL_STEPS = [-10, -5, 5, 10, 15, 20, 25, 30, 40, 50] as const;
export const SET_LEVEL_BONUS_BASE = 7000; // 7000 + i sets 200 + 50 i
export const CURVE_BONUS_BASE = 8100; // 8100 + i uses curve 1001 + i
export const DROP_CURVE_BONUS_BASE = 8200; // 8200 + i: dropLevelCurve on curve 1001 + i, offset 5 i
export const QUALITY_BONUS = { rare: 9500, epic: 9501 } as const;
export const CONTEXT_BONUSES = [1472, 4775, 6652, 7977] as const;
export const SUFFIX_BONUS_BASE = 6600; // 6600..6623: "of the X" suffixes, stats only
const SUFFIXES = ['Fireflash', 'Peerless', 'Quickblade', 'Aurora', 'Feverflare', 'Harmonious'];
const SECONDARY_STATS = [32, 36, 40, 49]; // crit, haste, versatility, mastery

export const CURVES: readonly (RaidbotsCurve & { id: number })[] = [
  {
    id: 1001,
    points: [
      { playerLevel: 10, itemLevel: 20 },
      { playerLevel: 30, itemLevel: 60 },
      { playerLevel: 50, itemLevel: 110 },
      { playerLevel: 60, itemLevel: 160 },
      { playerLevel: 70, itemLevel: 250 },
      { playerLevel: 80, itemLevel: 450 },
    ],
  },
  {
    id: 1002,
    points: [
      { playerLevel: 1, itemLevel: 5 },
      { playerLevel: 60, itemLevel: 180 },
      { playerLevel: 80, itemLevel: 480 },
    ],
  },
  {
    id: 1003,
    points: [
      { playerLevel: 60, itemLevel: 200 },
      { playerLevel: 70, itemLevel: 300 },
      { playerLevel: 80, itemLevel: 560 },
    ],
  },
];

export function createBonusData(): BonusData {
  const bonuses: Record<string, RaidbotsBonus> = {};
  const add = (b: RaidbotsBonus): void => {
    bonuses[String(b.id)] = b;
  };
  add({ id: 40, name: 'Avoidance', rawStats: [{ stat: 63, amount: 120, name: 'Avoidance' }] });
  add({ id: 41, name: 'Leech', rawStats: [{ stat: 62, amount: 120, name: 'Leech' }] });
  add({ id: 42, name: 'Speed', rawStats: [{ stat: 61, amount: 120, name: 'Speed' }] });
  add({ id: 43, name: 'Indestructible', rawStats: [{ stat: 64, amount: 1, name: 'Indestructible' }] });
  add({ id: SOCKET_BONUS.one, socket: 1, tag: 'Prismatic Socket' });
  add({ id: SOCKET_BONUS.oneAlt, socket: 1 });
  add({ id: SOCKET_BONUS.two, socket: 2, tag: 'Two Sockets' });
  LEVEL_STEPS.forEach((level, i) => add({ id: LEVEL_BONUS_BASE + i, level }));
  for (let i = 0; i < 10; i++) {
    add({ id: SET_LEVEL_BONUS_BASE + i, itemLevel: { amount: 200 + 50 * i, priority: i % 3, squishEra: 1 } });
  }
  CURVES.forEach((curve, i) => {
    add({
      id: CURVE_BONUS_BASE + i,
      dropLevelCurve: { curveId: curve.id, offset: 0, priority: 1, squishEra: 1 },
    });
    add({
      id: DROP_CURVE_BONUS_BASE + i,
      dropLevelCurve: { curveId: curve.id, offset: 5 * i, priority: 0, squishEra: 1 },
    });
  });
  add({ id: QUALITY_BONUS.rare, quality: 3, tag: 'Rare' });
  add({ id: QUALITY_BONUS.epic, quality: 4, tag: 'Epic' });
  add({ id: 1472, tag: 'Normal' });
  add({ id: 4775, tag: 'Heroic' });
  add({ id: 6652, tag: 'Warforged' });
  add({ id: 7977, tag: 'Timewalking' });
  for (let i = 0; i < 24; i++) {
    const name = `of the ${SUFFIXES[i % SUFFIXES.length] ?? 'Aurora'}`;
    const stat = SECONDARY_STATS[i % SECONDARY_STATS.length] ?? 32;
    add({ id: SUFFIX_BONUS_BASE + i, name, rawStats: [{ stat, amount: 40 + i }] });
  }
  const curves: Record<string, RaidbotsCurve> = {};
  for (const c of CURVES) curves[String(c.id)] = { id: c.id, points: c.points.map((p) => ({ ...p })) };
  // The real entries win where an id is in both (41 is Leech there too; 6652 has no level effect).
  Object.assign(bonuses, RAIDBOTS_SLICE.bonuses);
  Object.assign(curves, RAIDBOTS_SLICE.curves);
  return { bonuses, curves, squishEras: RAIDBOTS_SLICE.squishEras.map((e) => ({ ...e })) };
}

function curveAt(curve: RaidbotsCurve, x: number): number {
  const pts = curve.points;
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last) return 0;
  if (x <= first.playerLevel) return first.itemLevel;
  if (x >= last.playerLevel) return last.itemLevel;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (a && b && x <= b.playerLevel) {
      return Math.floor(
        a.itemLevel + ((x - a.playerLevel) * (b.itemLevel - a.itemLevel)) / (b.playerLevel - a.playerLevel),
      );
    }
  }
  return last.itemLevel;
}

const TERTIARY_FACTOR: Record<Tertiary, number> = {
  Speed: 1.25,
  Leech: 1.45,
  Avoidance: 1.15,
  Indestructible: 1.05,
};
const TERTIARY_IDS: Record<Tertiary, number> = {
  Speed: TERTIARY_BONUS.speed,
  Leech: TERTIARY_BONUS.leech,
  Avoidance: TERTIARY_BONUS.avoidance,
  Indestructible: TERTIARY_BONUS.indestructible,
};
const TERTIARIES: readonly Tertiary[] = ['Speed', 'Leech', 'Avoidance', 'Indestructible'];

/** Variant templates of one equipment item (the first is the plain, most common one). */
export function equipmentTemplates(
  rng: Rng,
  baseLevel: number,
  quality: number,
  expansion: number,
): VariantTemplate[] {
  const count = 1 + weightedIndex(rng, [12, 14, 15, 14, 12, 10, 8, 6, 5, 4]);
  const templates: VariantTemplate[] = [];
  const seen = new Set<string>();
  for (let t = 0; t < count * 3 && templates.length < count; t++) {
    const bonus: number[] = [];
    let ilvl = baseLevel;
    let q = quality;
    let sockets = 0;
    let tertiary: Tertiary | undefined;
    let dropLevel: number | undefined;
    if (rng() < 0.5) bonus.push(pick(rng, CONTEXT_BONUSES));
    if (templates.length > 0) {
      const kind = rng();
      if (kind < 0.4) {
        const i = Math.floor(rng() * LEVEL_STEPS.length);
        bonus.push(LEVEL_BONUS_BASE + i);
        ilvl += LEVEL_STEPS[i] ?? 0;
      } else if (kind < 0.55 && expansion >= 9) {
        const i = Math.floor(rng() * 10);
        bonus.push(SET_LEVEL_BONUS_BASE + i);
        ilvl = 200 + 50 * i;
      } else if (kind < 0.7 && expansion >= 7) {
        const i = Math.floor(rng() * CURVES.length);
        const curve = CURVES[i];
        const drop = pick(rng, [10, 20, 35, 45, 50, 60, 70, 80]);
        bonus.push(rng() < 0.5 ? CURVE_BONUS_BASE + i : DROP_CURVE_BONUS_BASE + i);
        dropLevel = drop;
        if (curve) ilvl = curveAt(curve, drop) + (bonus.includes(DROP_CURVE_BONUS_BASE + i) ? 5 * i : 0);
      }
      if (rng() < 0.3) {
        const s = rng() < 0.9 ? (rng() < 0.5 ? SOCKET_BONUS.one : SOCKET_BONUS.oneAlt) : SOCKET_BONUS.two;
        bonus.push(s);
        sockets = s === SOCKET_BONUS.two ? 2 : 1;
      }
      if (rng() < 0.22) {
        tertiary = pick(rng, TERTIARIES);
        bonus.push(TERTIARY_IDS[tertiary]);
      }
      if (quality < 4 && rng() < 0.05) {
        bonus.push(quality < 3 ? QUALITY_BONUS.rare : QUALITY_BONUS.epic);
        q = quality < 3 ? 3 : 4;
      }
    }
    // Suffix bonuses change the bonus list but not the variant (stats only).
    if (rng() < 0.25) bonus.push(SUFFIX_BONUS_BASE + Math.floor(rng() * 24));
    const signature = `${[...bonus].sort((a, b) => a - b).join(':')}|${dropLevel ?? ''}`;
    if (seen.has(signature)) continue;
    seen.add(signature);
    const priceFactor =
      Math.exp(0.006 * Math.max(-150, Math.min(200, ilvl - baseLevel))) *
      (sockets > 0 ? 1.2 + 0.2 * sockets : 1) *
      (tertiary ? TERTIARY_FACTOR[tertiary] : 1) *
      (q > quality ? 1.8 : 1);
    templates.push({
      bonusLists: bonus,
      ...(dropLevel !== undefined ? { dropLevel } : {}),
      itemLevel: ilvl,
      quality: q,
      sockets,
      ...(tertiary ? { tertiary } : {}),
      weight: templates.length === 0 ? 4 : 1 / (1 + templates.length * 0.5),
      priceFactor,
    });
  }
  return templates;
}
