// Item level, sockets, tertiary and crafted stats of an auctioned item from its bonus ids and modifiers
// (raidbots bonuses.json format), and the readable variant keys.
import type { BonusData, RaidbotsBonus, TertiaryStat } from '../types';
import { resolveItemLevel, withApplied } from './item-level';

/** Auction modifier type that carries the player level at which the item dropped. */
export const DROP_LEVEL_MODIFIER = 9;
/** Auction modifier types of the two secondary stats a crafter chose (their values are stat ids). */
export const CRAFTED_STAT_1 = 29;
export const CRAFTED_STAT_2 = 30;
/**
 * The secondary stats a crafter can choose (critical strike, haste, versatility, mastery). Pieces of The
 * War Within carry other values in those modifiers (76, 80, 82, ...) that name no stat: they do not make
 * another good, as AzerothAuctionAssassin reads them too.
 */
const SECONDARY_STAT_IDS: ReadonlySet<number> = new Set([32, 36, 40, 49]);

export const TERTIARY_STATS: readonly TertiaryStat[] = ['Speed', 'Leech', 'Avoidance', 'Indestructible'];
// Game stat ids of the tertiaries (ITEM_MOD_CR_SPEED .. ITEM_MOD_CR_STURDINESS) and raidbots' names.
const TERTIARY_STAT_IDS: Readonly<Record<number, TertiaryStat>> = {
  61: 'Speed',
  62: 'Leech',
  63: 'Avoidance',
  64: 'Indestructible',
};
const TERTIARY_STAT_NAMES: Readonly<Record<string, TertiaryStat>> = {
  RunSpeed: 'Speed',
  Speed: 'Speed',
  Leech: 'Leech',
  Avoidance: 'Avoidance',
  Indestructible: 'Indestructible',
};

export interface Modifier {
  type: number;
  value: number;
}

export interface ResolvedVariant {
  /** null: the loaded bonus data does not know one of the bonus ids or curves (see item-level.ts). */
  itemLevel: number | null;
  quality: number;
  /** One entry per socket: the bonus id that added it (ascending bonus id). */
  sockets: number[];
  /** Canonical order: Speed, Leech, Avoidance, Indestructible. */
  tertiaryStats: TertiaryStat[];
  /** Secondary stat ids a crafter chose (modifier 29, then 30): pieces with other stats are other goods. */
  craftedStats: number[];
}

/** The item fields resolution reads (Blizzard's item record). */
export interface ResolvableItem {
  level: number;
  quality: number;
}

function tertiaryOf(bonus: RaidbotsBonus): TertiaryStat | undefined {
  for (const stat of bonus.rawStats ?? []) {
    const t =
      (stat.stat !== undefined ? TERTIARY_STAT_IDS[stat.stat] : undefined) ??
      (stat.name ? TERTIARY_STAT_NAMES[stat.name] : undefined);
    if (t) return t;
  }
  return undefined;
}

/**
 * Resolves an auctioned variant (order-independent in the bonus ids: they are read ascending).
 * Item level: item-level.ts. Quality: the highest `quality` of any bonus or the bonus it applies, else
 * the item's. Sockets: the sum of `socket`. Tertiary stats: bonuses whose raw stats are stat 61-64.
 * Crafted stats: modifiers 29 and 30. `modifiers` may be just the drop level (-1: none).
 */
export function resolveVariant(
  item: ResolvableItem,
  bonusIds: readonly number[],
  modifiers: readonly Modifier[] | number | undefined,
  data: BonusData,
): ResolvedVariant {
  let dropLevel: number | undefined;
  const crafted = [-1, -1];
  if (typeof modifiers === 'number') dropLevel = modifiers > 0 ? modifiers : undefined;
  else if (modifiers) {
    for (const m of modifiers) {
      if (m.type === DROP_LEVEL_MODIFIER && m.value > 0) dropLevel = m.value;
      else if (m.type === CRAFTED_STAT_1 && SECONDARY_STAT_IDS.has(m.value)) crafted[0] = m.value;
      else if (m.type === CRAFTED_STAT_2 && SECONDARY_STAT_IDS.has(m.value)) crafted[1] = m.value;
    }
  }
  const craftedStats = crafted.filter((v) => v > 0);
  const ids = [...bonusIds].sort((a, b) => a - b);
  let quality = -1;
  const sockets: number[] = [];
  const tertiary = new Set<TertiaryStat>();
  for (const id of ids) {
    const own = data.bonuses[String(id)];
    if (!own) continue;
    for (const b of withApplied(own, data)) {
      if (typeof b.socket === 'number' && b.socket > 0) for (let s = 0; s < b.socket; s++) sockets.push(id);
      if (typeof b.quality === 'number' && b.quality > quality) quality = b.quality;
      const t = tertiaryOf(b);
      if (t) tertiary.add(t);
    }
  }
  return {
    itemLevel: resolveItemLevel(item.level, ids, dropLevel, data),
    quality: quality >= 0 ? quality : item.quality,
    sockets,
    tertiaryStats: TERTIARY_STATS.filter((t) => tertiary.has(t)),
    craftedStats,
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

/**
 * Readable variant key: `19019_ilvl-80_q4_s1_speed_c36-49` (sockets, tertiaries and crafted stat ids only
 * when present; `ilvl-unknown` when the bonus data does not know the item's bonus ids).
 */
export function uniqueItemKey(
  itemId: number,
  variant: Pick<ResolvedVariant, 'itemLevel' | 'quality' | 'sockets' | 'tertiaryStats'> &
    Partial<Pick<ResolvedVariant, 'craftedStats'>>,
): string {
  let key = `${itemId}_ilvl-${variant.itemLevel ?? 'unknown'}_q${variant.quality}`;
  if (variant.sockets.length > 0) key += `_s${variant.sockets.length}`;
  for (const t of variant.tertiaryStats) key += `_${t.toLowerCase()}`;
  if (variant.craftedStats && variant.craftedStats.length > 0) key += `_c${variant.craftedStats.join('-')}`;
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
export function dropshipGroupKey(id: number | string, quality: string, itemLevel: number | null): string {
  return `${id}|${quality}|${itemLevel ?? 'unknown'}`;
}
