// The real bonus ids the simulator's dumps carry, as raidbots' 12.1 files state them
// (raidbots-slice.json, cut by fixtures/blizzard-real/cut.mjs): upgrade tracks of 11.2 gear, a Midnight
// drop curve, a crafted piece's era-tagged levels, a Midnight vendor track, a timewarped ring's applied
// curve. With the squish eras and curve of the same files, every dump the embedded default serves walks
// the resolver through the current format; crafted pieces also carry their chosen secondary stats as
// modifiers 29 and 30, as Blizzard sends them.
import { readFileSync } from 'node:fs';
import type { BonusData, VariantTemplate } from './bonus-types';
import type { Rng } from './random';
import { intBetween, mulberry32, pick } from './random';

export const RAIDBOTS_SLICE: BonusData = JSON.parse(
  readFileSync(new URL('./raidbots-slice.json', import.meta.url), 'utf8'),
) as BonusData;

/** The secondary stats a crafter picks from: critical strike, haste, versatility, mastery. */
const SECONDARY_STATS = [32, 36, 40, 49] as const;

/**
 * 11.2 upgrade tracks at rank 3 of 8 (Veteran, Champion, Hero, Myth), as real pieces list them: the
 * track sets a pre-squish level (675 .. 714), which the squish maps to 115 .. 154 in game.
 */
const TRACKS: readonly { bonus: number[]; level: number }[] = [
  { bonus: [6652, 10353, 12284, 1485, 10255], level: 675 },
  { bonus: [6652, 10354, 12292, 1498, 10255], level: 688 },
  { bonus: [6652, 10355, 12352, 1511, 10255], level: 701 },
  { bonus: [6652, 10356, 12358, 1524, 10255], level: 714 },
];
/** A Midnight drop: curve 92772 (player level 80 -> 120, 90 -> 201) plus 6. */
const MIDNIGHT_DROP = [13441, 13436, 13578];
/** A crafted 11.x piece at its top rank (seen in game at 167). */
const CRAFTED = [10421, 9633, 10396, 9627, 12050, 12053, 13468];
const HERO_TRACK_VENDOR = [12793, 6652];
/** A timewarped piece: 9407 applies 6682, curve 6243 at the drop level plus 3. */
const TIMEWARPED = [6652, 8812, 9407, 7756];
const SOCKET = 13534;
const LEECH = 41;

/**
 * Templates in the current format for a piece of The War Within (expansion 11), after the synthetic ones
 * (their own random stream keyed by the item, so the rest of the economy draws what it always drew).
 * `level` in a template is an approximate pre-squish level for pricing only.
 */
export function currentFormatTemplates(
  itemId: number,
  baseLevel: number,
  quality: number,
  crafted: boolean,
): VariantTemplate[] {
  const rng: Rng = mulberry32(itemId ^ 0x5a11c0de);
  const out: VariantTemplate[] = [];
  const add = (bonus: number[], level: number, extra: Partial<VariantTemplate> = {}): void => {
    const sockets = rng() < 0.15 ? 1 : 0;
    const leech = rng() < 0.1;
    const lists = [...bonus, ...(sockets ? [SOCKET] : []), ...(leech ? [LEECH] : [])];
    out.push({
      bonusLists: lists,
      itemLevel: level,
      quality: extra.quality ?? quality,
      sockets,
      ...(leech ? { tertiary: 'Leech' as const } : {}),
      weight: 0.6,
      priceFactor:
        Math.exp(0.006 * Math.min(200, level - baseLevel)) * (sockets ? 1.4 : 1) * (leech ? 1.45 : 1),
      ...extra,
    });
  };
  const track = pick(rng, TRACKS);
  add(track.bonus, track.level, { quality: 4 });
  if (rng() < 0.5) add(MIDNIGHT_DROP, baseLevel + 60, { dropLevel: intBetween(rng, 80, 90), quality: 4 });
  if (rng() < 0.3) add(HERO_TRACK_VENDOR, baseLevel + 100, { quality: 4 });
  if (rng() < 0.3) add(TIMEWARPED, baseLevel - 40, { dropLevel: intBetween(rng, 60, 80), quality: 3 });
  if (crafted) {
    // Two choices of secondary stats for the top rank: other stats are another good.
    const first = pick(rng, SECONDARY_STATS);
    const second = pick(
      rng,
      SECONDARY_STATS.filter((s) => s !== first),
    );
    const third = pick(
      rng,
      SECONDARY_STATS.filter((s) => s !== first && s !== second),
    );
    add(CRAFTED, baseLevel + 150, { craftedStats: [first, second], quality: 4 });
    add(CRAFTED, baseLevel + 150, { craftedStats: [third, first], quality: 4 });
  }
  return out;
}
