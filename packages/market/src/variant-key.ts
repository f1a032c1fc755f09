// Item level, sockets and tertiary stats of an auctioned item from its bonus ids and modifiers
// (raidbots bonuses.json / item-curves.json format), and the readable variant keys.
import type { BonusData, RaidbotsBonus, RaidbotsCurve, TertiaryStat } from './types';

/** Auction modifier type that carries the player level at which the item dropped. */
export const DROP_LEVEL_MODIFIER = 9;

export const TERTIARY_STATS: readonly TertiaryStat[] = ['Speed', 'Leech', 'Avoidance', 'Indestructible'];
// Game stat ids of the tertiaries (ITEM_MOD_CR_SPEED .. ITEM_MOD_CR_STURDINESS).
const TERTIARY_STAT_IDS: Readonly<Record<number, TertiaryStat>> = {
  61: 'Speed',
  62: 'Leech',
  63: 'Avoidance',
  64: 'Indestructible',
};
const TERTIARY_WORD = /\b(speed|leech|avoidance|indestructible)\b/i;

export interface Modifier {
  type: number;
  value: number;
}

export interface ResolvedVariant {
  itemLevel: number;
  quality: number;
  /** One entry per socket: the bonus id that added it (ascending bonus id). */
  sockets: number[];
  /** Canonical order: Speed, Leech, Avoidance, Indestructible. */
  tertiaryStats: TertiaryStat[];
}

function tertiaryOf(bonus: RaidbotsBonus): TertiaryStat | undefined {
  for (const text of [bonus.name, bonus.tag]) {
    const m = text ? TERTIARY_WORD.exec(text) : null;
    if (m?.[1]) return (m[1].charAt(0).toUpperCase() + m[1].slice(1).toLowerCase()) as TertiaryStat;
  }
  for (const stat of bonus.rawStats ?? []) {
    const byId = stat.stat !== undefined ? TERTIARY_STAT_IDS[stat.stat] : undefined;
    if (byId) return byId;
    const m = stat.name ? TERTIARY_WORD.exec(stat.name) : null;
    if (m?.[1]) return (m[1].charAt(0).toUpperCase() + m[1].slice(1).toLowerCase()) as TertiaryStat;
  }
  return undefined;
}

/** Item level on a curve at a player level: linear between points, clamped at the ends, truncated. */
export function curveItemLevel(curve: RaidbotsCurve, playerLevel: number): number {
  const pts = [...curve.points].sort((a, b) => a.playerLevel - b.playerLevel);
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last) return 0;
  if (playerLevel <= first.playerLevel) return Math.floor(first.itemLevel);
  if (playerLevel >= last.playerLevel) return Math.floor(last.itemLevel);
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (a && b && playerLevel <= b.playerLevel) {
      const span = b.playerLevel - a.playerLevel;
      const t = span === 0 ? 1 : (playerLevel - a.playerLevel) / span;
      return Math.floor(a.itemLevel + t * (b.itemLevel - a.itemLevel) + 1e-9);
    }
  }
  return Math.floor(last.itemLevel);
}

/**
 * Resolves an auctioned variant. Rules (order-independent in the bonus ids):
 * 1. Start from the item's base level.
 * 2. `itemLevel` bonuses set the level; with several, the lowest priority wins (tie: lowest bonus id).
 * 3. A curve bonus (`curveId`, or `dropLevelCurve` with its offset) sets the level from the curve at
 *    the drop level (modifier type 9); lowest priority wins (tie: lowest bonus id). Without a drop
 *    level modifier the curve is not applied.
 * 4. Every `level` bonus is then added.
 * Quality: the highest `quality` of any bonus, else the item's. Sockets: sum of `socket`.
 * Tertiary stats: bonuses whose name/tag names one, or whose raw stats carry stat 61-64.
 * Unknown bonus ids are ignored.
 */
export function resolveVariant(
  item: { level: number; quality: number },
  bonusIds: readonly number[],
  modifiers: readonly Modifier[] | number | undefined,
  data: BonusData,
): ResolvedVariant {
  let dropLevel: number | undefined;
  if (typeof modifiers === 'number') dropLevel = modifiers >= 0 ? modifiers : undefined;
  else if (modifiers) {
    for (const m of modifiers) if (m.type === DROP_LEVEL_MODIFIER) dropLevel = m.value;
  }
  const ids = [...bonusIds].sort((a, b) => a - b);
  let setLevel: { amount: number; priority: number } | undefined;
  let curve: { curveId: number; offset: number; priority: number } | undefined;
  let add = 0;
  let quality = -1;
  const sockets: number[] = [];
  const tertiary = new Set<TertiaryStat>();
  for (const id of ids) {
    const b = data.bonuses[String(id)];
    if (!b) continue;
    if (typeof b.level === 'number') add += b.level;
    if (b.itemLevel && typeof b.itemLevel.amount === 'number') {
      const priority = b.itemLevel.priority ?? Number.MAX_SAFE_INTEGER;
      if (!setLevel || priority < setLevel.priority) setLevel = { amount: b.itemLevel.amount, priority };
    }
    const curveSpec =
      b.dropLevelCurve && typeof b.dropLevelCurve.curveId === 'number'
        ? {
            curveId: b.dropLevelCurve.curveId,
            offset: b.dropLevelCurve.offset ?? 0,
            priority: b.dropLevelCurve.priority ?? Number.MAX_SAFE_INTEGER,
          }
        : typeof b.curveId === 'number'
          ? { curveId: b.curveId, offset: 0, priority: Number.MAX_SAFE_INTEGER }
          : undefined;
    if (
      curveSpec &&
      data.curves[String(curveSpec.curveId)] &&
      (!curve || curveSpec.priority < curve.priority)
    ) {
      curve = curveSpec;
    }
    if (typeof b.socket === 'number' && b.socket > 0) for (let s = 0; s < b.socket; s++) sockets.push(id);
    if (typeof b.quality === 'number' && b.quality > quality) quality = b.quality;
    const t = tertiaryOf(b);
    if (t) tertiary.add(t);
  }
  let itemLevel = item.level;
  if (setLevel) itemLevel = setLevel.amount;
  const curveData = curve ? data.curves[String(curve.curveId)] : undefined;
  if (curve && curveData && dropLevel !== undefined)
    itemLevel = curveItemLevel(curveData, dropLevel) + curve.offset;
  itemLevel += add;
  return {
    itemLevel,
    quality: quality >= 0 ? quality : item.quality,
    sockets,
    tertiaryStats: TERTIARY_STATS.filter((t) => tertiary.has(t)),
  };
}

const QUALITY_LABELS: Readonly<Record<number, string>> = {
  0: 'poor',
  1: 'common',
  2: 'uncommon',
  3: 'rare',
  4: 'epic',
  5: 'legendary',
  6: 'artifact',
  7: 'heirloom',
};

/** Lower-case quality label of a Blizzard quality id ('none' when unknown). */
export function qualityLabel(quality: number): string {
  return QUALITY_LABELS[quality] ?? 'none';
}

/** Readable variant key: `19019_ilvl-80_q4_s1_speed` (sockets and tertiaries only when present). */
export function uniqueItemKey(itemId: number, variant: ResolvedVariant): string {
  let key = `${itemId}_ilvl-${variant.itemLevel}_q${variant.quality}`;
  if (variant.sockets.length > 0) key += `_s${variant.sockets.length}`;
  for (const t of variant.tertiaryStats) key += `_${t.toLowerCase()}`;
  return key;
}

/** Battle pet variant key: `pet_{speciesId}_l{level}_q{quality}`. */
export function petItemKey(speciesId: number, level: number, quality: number): string {
  return `pet_${speciesId}_l${level}_q${quality}`;
}

/** Trade key: the variant key plus the buying and selling connected realm ids. */
export function uniqueTradeKey(itemKey: string, buyingRealmId: number, sellingRealmId: number): string {
  return `${itemKey}_${buyingRealmId}-${sellingRealmId}`;
}

/** Dropship group key: item id, quality label and item level (the domain's format). */
export function dropshipGroupKey(id: number | string, quality: string, itemLevel: number): string {
  return `${id}|${quality}|${itemLevel}`;
}
