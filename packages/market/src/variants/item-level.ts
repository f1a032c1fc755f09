// The item level an auctioned item shows in game since the Midnight item squish (patch 12.0), from
// raidbots' bonuses.json, item-curves.json and item-squish-era.json.
//
// The game's order as TradeSkillMaster's LibBonusId reverse-engineered it from the game's own tables, in
// raidbots' words (each rule held against 29,913 item levels the game showed, variants/game-levels.test.ts):
// - Each bonus id becomes operations. A bonus that only applies another (`applyBonusId`) stands for that
//   one; a bonus with its own fields brings the applied one's operations in first. The game follows one
//   step: an applied bonus that applies a third brings nothing.
// - Operations run sorted by kind, then by bonus id: legacy `level` steps first, then legacy scaling
//   curves (`curveId`), scaling configs (`itemLevel`, `dropLevelCurve`), offset curves (an `itemLevel`
//   with a `curveId`), and last the offsets (`levelOffset`, `levelOffsetSecondary`).
// - Of the operations that set the level only one stays, and of the offsets only one: a later one
//   replaces an earlier one unless the earlier one has the lower (stronger) priority.
// - A level written in pre-Midnight numbers (squish era 1) is mapped through the Midnight squish curve
//   (580 -> 80); one written in today's numbers (era 0 or 2) marks the item as already squished. An item
//   no operation marks is squished at the end, its base level included. An untagged amount equal to the
//   base plus the legacy steps restates them (the 11.x upgrade tracks) and sets nothing. A crafted quality offset
//   (`levelOffset` with `craftingQuality`) squishes the level first; an era-1 one then adds its
//   Midnight amount (`craftingQuality`), an era-2 one its `amount`.
// - A drop-level curve is read at the drop level (auction modifier 9), else at 80, as the game does.
// - Curves round to the nearest level; a level above the squish curve's end becomes 1, and no level is
//   below 1.
//
// A bonus id above every id the loaded bonuses.json knows, or a curve that item-curves.json lacks, makes
// the level unknown (null): after a patch the data is behind the game for a while, and a guessed number
// would put a wrong window into the user's Auctionator list. An id below the highest one that the file
// leaves out is an id with nothing to show (raidbots omits those; 10844 is one on many 11.x pieces), so
// it changes nothing.
import type { BonusData, RaidbotsBonus, RaidbotsCurve } from '../types';

/** The squish era whose amounts are written in pre-Midnight numbers. */
const PRE_SQUISH_ERA = 1;
/** The drop level the game reads a scaling curve at when the auction names none. */
const DEFAULT_DROP_LEVEL = 80;
/** raidbots' priority for an amount that has none: it neither wins nor keeps its place. */
const NO_PRIORITY = 9999;

/** The order the game applies operations in (lowest first), then by bonus id. */
const ORDER = { legacyStep: 0, legacyCurve: 1, scalingConfig: 2, offsetCurve: 3, offset: 4 } as const;

type Op =
  | { kind: 'step'; amount: number }
  /** Sets the level; `era` 1: in pre-Midnight numbers. */
  | { kind: 'set'; level: (drop: number) => number; era: number | null; priority: number | undefined }
  /**
   * Adds. `slot` 'offset': a `levelOffset`, of which one stays; `squishFirst`: a crafted quality offset,
   * which squishes a pre-Midnight level first. 'secondary': a `levelOffsetSecondary`, always added.
   */
  | { kind: 'add'; slot: 'offset' | 'secondary'; amount: number; squishFirst: boolean };

const highestIds = new WeakMap<object, number>();

/** The highest bonus id the data knows: ids above it are newer than the data. */
function highestBonusId(data: BonusData): number {
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

/** A value on a curve: linear between its points, clamped at its ends, rounded to the nearest. */
export function curveValue(curve: RaidbotsCurve, x: number): number {
  const pts = [...curve.points].sort((a, b) => a.playerLevel - b.playerLevel);
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last) return 0;
  if (x <= first.playerLevel) return Math.floor(first.itemLevel + 0.5);
  if (x >= last.playerLevel) return Math.floor(last.itemLevel + 0.5);
  let i = 1;
  while ((pts[i] as RaidbotsCurve['points'][number]).playerLevel < x) i++;
  const a = pts[i - 1] as RaidbotsCurve['points'][number];
  const b = pts[i] as RaidbotsCurve['points'][number];
  const t = (x - a.playerLevel) / (b.playerLevel - a.playerLevel);
  return Math.floor(a.itemLevel + t * (b.itemLevel - a.itemLevel) + 0.5);
}

/** A bonus entry and the one it applies (the game follows one step of applyBonusId). */
export function withApplied(b: RaidbotsBonus, data: BonusData): RaidbotsBonus[] {
  const applied = b.applyBonusId !== undefined ? data.bonuses[String(b.applyBonusId)] : undefined;
  return applied ? [b, applied] : [b];
}

const changesLevel = (b: RaidbotsBonus): boolean =>
  b.level !== undefined ||
  b.itemLevel !== undefined ||
  b.curveId !== undefined ||
  b.dropLevelCurve !== undefined ||
  b.levelOffset !== undefined ||
  b.levelOffsetSecondary !== undefined;

/** Where a bonus's operations run (its strongest kind). */
function orderOf(b: RaidbotsBonus): number {
  if (b.levelOffset || b.levelOffsetSecondary) return ORDER.offset;
  if (b.itemLevel?.curveId) return ORDER.offsetCurve;
  if (b.itemLevel || b.dropLevelCurve) return ORDER.scalingConfig;
  if (b.curveId) return ORDER.legacyCurve;
  return ORDER.legacyStep;
}

/** A bonus entry's level operations, or null when it names a curve the data lacks. */
function opsOf(b: RaidbotsBonus, data: BonusData, restated: number): Op[] | null {
  const ops: Op[] = [];
  if (typeof b.level === 'number') ops.push({ kind: 'step', amount: b.level });
  if (typeof b.curveId === 'number' && b.curveId > 0) {
    const curve = data.curves[String(b.curveId)];
    if (!curve) return null;
    ops.push({ kind: 'set', level: (drop) => curveValue(curve, drop), era: null, priority: undefined });
  }
  const il = b.itemLevel;
  if (il && typeof il.amount === 'number' && !(!il.squishEra && il.amount === restated)) {
    const amount = Math.trunc(il.amount);
    const priority = il.priority === NO_PRIORITY ? undefined : il.priority;
    ops.push({ kind: 'set', level: () => amount, era: il.squishEra ?? 0, priority });
  }
  const dlc = b.dropLevelCurve;
  if (dlc?.curveId) {
    const curve = data.curves[String(dlc.curveId)];
    if (!curve) return null;
    const offset = dlc.offset ?? 0;
    const priority = dlc.priority === NO_PRIORITY ? undefined : dlc.priority;
    ops.push({
      kind: 'set',
      level: (drop) => curveValue(curve, drop) + offset,
      era: dlc.squishEra ?? 0,
      priority,
    });
  }
  const lo = b.levelOffset;
  if (lo && typeof lo.amount === 'number') {
    const crafted = lo.craftingQuality !== undefined;
    const amount = crafted && lo.squishEra === PRE_SQUISH_ERA ? (lo.craftingQuality as number) : lo.amount;
    ops.push({ kind: 'add', slot: 'offset', amount, squishFirst: crafted });
  }
  if (b.levelOffsetSecondary && typeof b.levelOffsetSecondary.amount === 'number')
    ops.push({ kind: 'add', slot: 'secondary', amount: b.levelOffsetSecondary.amount, squishFirst: false });
  return ops;
}

/** Keeps one level-setting and one adding operation, as the game does (see the header). */
function collect(kept: Op[], slots: Map<string, number>, op: Op): void {
  const slot = op.kind === 'set' ? 'set' : op.kind === 'add' && op.slot === 'offset' ? 'offset' : null;
  if (slot === null) {
    kept.push(op);
    return;
  }
  const at = slots.get(slot);
  if (at === undefined) {
    slots.set(slot, kept.length);
    kept.push(op);
    return;
  }
  const before = kept[at] as Op;
  const was = before.kind === 'set' ? before.priority : undefined;
  const now = op.kind === 'set' ? op.priority : undefined;
  if (was === undefined || now === undefined || now <= was) kept[at] = op;
}

/** Every bonus id as the entries that act, in the game's order; null when the data is behind. */
function entriesOf(
  bonusIds: readonly number[],
  data: BonusData,
): { applied: RaidbotsBonus[]; own: RaidbotsBonus[] } | null {
  const applied: { id: number; b: RaidbotsBonus }[] = [];
  const own: { id: number; b: RaidbotsBonus }[] = [];
  for (const id of bonusIds) {
    const b = data.bonuses[String(id)];
    if (!b) {
      if (isNewerBonusId(id, data)) return null;
      continue;
    }
    const targetId = b.applyBonusId;
    const target = targetId !== undefined ? data.bonuses[String(targetId)] : undefined;
    const usable = target && target.applyBonusId === undefined ? target : undefined;
    if (targetId !== undefined && !changesLevel(b)) {
      if (usable) own.push({ id: targetId, b: usable });
      continue;
    }
    if (usable && targetId !== undefined) applied.push({ id: targetId, b: usable });
    own.push({ id, b });
  }
  const sorted = (list: { id: number; b: RaidbotsBonus }[]) =>
    list.sort((x, y) => orderOf(x.b) - orderOf(y.b) || x.id - y.id).map((e) => e.b);
  return { applied: sorted(applied), own: sorted(own) };
}

/**
 * Item level of an item with these bonus ids, or null when the data does not know one of them.
 * `dropLevel`: the player level the item dropped at (auction modifier 9), if the auction names one.
 */
export function resolveItemLevel(
  baseLevel: number,
  bonusIds: readonly number[],
  dropLevel: number | undefined,
  data: BonusData,
): number | null {
  const entries = entriesOf(bonusIds, data);
  if (!entries) return null;
  const squishCurveId = data.squishEras?.at(-1)?.curveId;
  const squishCurve = squishCurveId ? data.curves[String(squishCurveId)] : undefined;
  if (squishCurveId && !squishCurve) return null;
  const squishEnd = squishCurve?.points.reduce((max, p) => Math.max(max, p.playerLevel), 0) ?? 0;
  const squish = (level: number): number => {
    if (!squishCurve) return level;
    return level > squishEnd ? 1 : curveValue(squishCurve, level);
  };

  const all = [...entries.applied, ...entries.own];
  const steps = all.reduce((sum, b) => sum + (typeof b.level === 'number' ? b.level : 0), 0);
  const restated = baseLevel + steps;
  const kept: Op[] = [];
  const slots = new Map<string, number>();
  let squished = false;
  for (const b of all) {
    const ops = opsOf(b, data, restated);
    if (!ops) return null;
    for (const op of ops) {
      collect(kept, slots, op);
      if (op.kind === 'set' && op.era !== null && op.era !== PRE_SQUISH_ERA) squished = true;
    }
  }

  const drop = dropLevel ?? DEFAULT_DROP_LEVEL;
  let level = baseLevel;
  for (const op of kept) {
    if (op.kind === 'step') level += op.amount;
    else if (op.kind === 'add') {
      if (op.squishFirst && !squished) {
        squished = true;
        level = squish(level);
      }
      level += op.amount;
    } else {
      level = op.level(drop);
      if (op.era === PRE_SQUISH_ERA && squished) level = squish(level);
    }
  }
  level = Math.max(1, level);
  return squished ? level : Math.max(1, squish(level));
}
