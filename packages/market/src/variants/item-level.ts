// The item level an auctioned item shows in game since the Midnight item squish (patch 12.0), from
// raidbots' bonuses.json, item-curves.json and item-squish-era.json.
//
// The files tag level amounts with the squish era they are written in (item-squish-era.json: era 1
// before Midnight, era 2 since). An item older than Midnight starts from its base level in pre-squish
// numbers, so the walk goes through the eras in order: entering an era maps the level so far through
// that era's curve (580 -> 80 for era 2), then the era's own operations apply:
// - a legacy `level` step adds to the base (pre-squish numbers);
// - `itemLevel` sets the level (lowest priority wins). An amount tagged era 0 restates what the base and
//   the legacy steps already give (the upgrade tracks of 11.x: 545 + 58 = 603), so it sets nothing;
// - `dropLevelCurve` reads a curve at the drop level (modifier 9, else the item's required level) plus
//   an offset; untagged ones are written in today's numbers. A legacy `curveId` does the same in
//   pre-squish numbers;
// - `levelOffset` adds within its era, `levelOffsetSecondary` after every era;
// - `applyBonusId` brings another bonus's entry in (the game follows one step).
// Curves round to the nearest level, as the game does. Every rule is held against levels seen in game
// and against two independent resolvers on real auctions (variants/real-data.test.ts).
//
// A bonus id above every id the loaded bonuses.json knows, or a curve that item-curves.json lacks, makes
// the level unknown (null): after a patch the data is behind the game for a while, and a guessed number
// would put a wrong window into the user's Auctionator list. An id below the highest one that the file
// leaves out is an id with nothing to show (raidbots omits those; 10844 is one on many 11.x pieces), so
// it changes nothing.
import type { BonusData, RaidbotsBonus, RaidbotsCurve } from '../types';

/** The era legacy scaling curves and steps are written in (before Midnight). */
const LEGACY_ERA = 1;
/** The era of an untagged drop-level curve or offset: today's numbers. */
const CURRENT_ERA = 2;
/** The eras walked without a squish-era file: every era's operations, no curve between them. */
const UNSQUISHED_ERAS = [
  { id: LEGACY_ERA, curveId: 0 },
  { id: CURRENT_ERA, curveId: 0 },
];
/** Priority of an amount that states none: below every stated one. */
const NO_PRIORITY = 9999;

interface EraOps {
  /** `itemLevel`: sets the level; the lowest priority wins (the lowest bonus id among equals). */
  set?: { amount: number; priority: number };
  /** A drop-level curve: the level at the drop level, plus an offset; lowest priority wins. */
  drop?: { curveId: number; offset: number; priority: number };
  /** `levelOffset`: added once the era's level is set. */
  offset: number;
}

const highestIds = new WeakMap<object, number>();

/** The highest bonus id the data knows: ids above it are newer than the data. */
export function highestBonusId(data: BonusData): number {
  let max = highestIds.get(data.bonuses);
  if (max === undefined) {
    max = 0;
    for (const key of Object.keys(data.bonuses)) max = Math.max(max, Number(key) || 0);
    highestIds.set(data.bonuses, max);
  }
  return max;
}

/** Whether the data is too old to know this bonus id (see highestBonusId). */
export function isNewerBonusId(id: number, data: BonusData): boolean {
  return !data.bonuses[String(id)] && id > highestBonusId(data);
}

/**
 * How a curve's fractional level becomes a whole one: the game rounds to the nearest; 'truncate' reads
 * curves as AzerothAuctionAssassin does, so tests can hold the rest of the rules against it.
 */
export type CurveRounding = 'nearest' | 'truncate';

/** A value on a curve: linear between its points, clamped at its ends, made whole by `rounding`. */
export function curveValue(curve: RaidbotsCurve, x: number, rounding: CurveRounding = 'nearest'): number {
  const whole = rounding === 'nearest' ? (v: number) => Math.floor(v + 0.5) : Math.trunc;
  const pts = [...curve.points].sort((a, b) => a.playerLevel - b.playerLevel);
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last) return 0;
  if (x <= first.playerLevel) return whole(first.itemLevel);
  if (x >= last.playerLevel) return whole(last.itemLevel);
  let i = 1;
  while ((pts[i] as RaidbotsCurve['points'][number]).playerLevel < x) i++;
  const a = pts[i - 1] as RaidbotsCurve['points'][number];
  const b = pts[i] as RaidbotsCurve['points'][number];
  const t = (x - a.playerLevel) / (b.playerLevel - a.playerLevel);
  return whole(a.itemLevel + t * (b.itemLevel - a.itemLevel));
}

function eraOps(byEra: Map<number, EraOps>, era: number): EraOps {
  let ops = byEra.get(era);
  if (!ops) byEra.set(era, (ops = { offset: 0 }));
  return ops;
}

function keepDrop(ops: EraOps, drop: NonNullable<EraOps['drop']>): void {
  if (!ops.drop || drop.priority < ops.drop.priority) ops.drop = drop;
}

/** Adds one bonus entry's level operations; returns false when it names a curve the data lacks. */
function readLevelOps(
  b: RaidbotsBonus,
  byEra: Map<number, EraOps>,
  totals: { legacy: number; secondary: number },
  data: BonusData,
): boolean {
  const il = b.itemLevel;
  if (il && typeof il.amount === 'number' && il.squishEra) {
    const ops = eraOps(byEra, il.squishEra);
    const priority = il.priority ?? NO_PRIORITY;
    if (!ops.set || priority < ops.set.priority) ops.set = { amount: il.amount, priority };
  }
  const lo = b.levelOffset;
  if (lo && typeof lo.amount === 'number') eraOps(byEra, lo.squishEra || CURRENT_ERA).offset += lo.amount;
  if (b.levelOffsetSecondary && typeof b.levelOffsetSecondary.amount === 'number')
    totals.secondary += b.levelOffsetSecondary.amount;
  if (typeof b.level === 'number') totals.legacy += b.level;
  const dlc = b.dropLevelCurve;
  if (dlc?.curveId) {
    if (!data.curves[String(dlc.curveId)]) return false;
    keepDrop(eraOps(byEra, dlc.squishEra || CURRENT_ERA), {
      curveId: dlc.curveId,
      offset: dlc.offset ?? 0,
      priority: dlc.priority ?? NO_PRIORITY,
    });
  }
  if (typeof b.curveId === 'number' && b.curveId > 0) {
    if (!data.curves[String(b.curveId)]) return false;
    keepDrop(eraOps(byEra, LEGACY_ERA), { curveId: b.curveId, offset: 0, priority: NO_PRIORITY });
  }
  return true;
}

/** A bonus entry and the one it applies (the game follows one step of applyBonusId). */
export function withApplied(b: RaidbotsBonus, data: BonusData): RaidbotsBonus[] {
  const applied = b.applyBonusId !== undefined ? data.bonuses[String(b.applyBonusId)] : undefined;
  return applied ? [b, applied] : [b];
}

/**
 * Item level of an item with these bonus ids (ascending), or null when the data does not know one of
 * them. `dropLevel`: the player level the item dropped at, else its required level (undefined: neither).
 */
export function resolveItemLevel(
  baseLevel: number,
  bonusIds: readonly number[],
  dropLevel: number | undefined,
  data: BonusData,
  rounding: CurveRounding = 'nearest',
): number | null {
  const byEra = new Map<number, EraOps>();
  const totals = { legacy: 0, secondary: 0 };
  for (const id of bonusIds) {
    const own = data.bonuses[String(id)];
    if (!own) {
      if (isNewerBonusId(id, data)) return null;
      continue;
    }
    for (const b of withApplied(own, data)) if (!readLevelOps(b, byEra, totals, data)) return null;
  }
  let level = baseLevel + totals.legacy;
  const eras = data.squishEras && data.squishEras.length > 0 ? data.squishEras : UNSQUISHED_ERAS;
  for (const era of eras) {
    if (era.curveId) {
      const curve = data.curves[String(era.curveId)];
      if (!curve) return null;
      level = curveValue(curve, level, rounding);
    }
    const ops = byEra.get(era.id);
    if (!ops) continue;
    if (ops.set) level = Math.trunc(ops.set.amount);
    if (ops.drop && dropLevel !== undefined)
      level =
        curveValue(data.curves[String(ops.drop.curveId)] as RaidbotsCurve, dropLevel, rounding) +
        ops.drop.offset;
    level += ops.offset;
  }
  // The game shows no item level below 1 (a curve's offset can take a low drop level under it).
  return Math.max(1, level + totals.secondary);
}
