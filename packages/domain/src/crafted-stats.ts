// The secondary stats a crafter picks for a crafted piece. The auction carries them as modifiers whose
// value is a game stat id; the engine names them with craftedStatName, the web shows the names.

/** Auction modifier types that carry a crafted piece's chosen secondary stats, first and second. */
export const CRAFTED_STAT_MODIFIERS = [29, 30] as const;

/** Display names by game stat id (ITEM_MOD_CRIT_RATING, HASTE_RATING, VERSATILITY, MASTERY_RATING). */
export const CRAFTED_STAT_NAMES: Readonly<Record<number, string>> = Object.freeze({
  32: 'Critical Strike',
  36: 'Haste',
  40: 'Versatility',
  49: 'Mastery',
});

/** The display name of a crafted stat id; undefined for an id that is not one of the four. */
export function craftedStatName(statId: number): string | undefined {
  return Object.hasOwn(CRAFTED_STAT_NAMES, statId) ? CRAFTED_STAT_NAMES[statId] : undefined;
}
