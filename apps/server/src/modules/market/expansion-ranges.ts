// Fallback expansions when the patch number list is not configured or does not list an id.
// APPROXIMATE: Blizzard hands out item and pet species ids roughly in release order, but late patches
// of one expansion overlap the first ids of the next (e.g. Dragon Soul items sit above early Mists
// items), and old items re-released later keep their old ids. Good enough for the expansion filter
// until ITEM_EXPANSIONS_URL says better.

/** First item id of expansions 2..11 (1 Classic below the first). */
const ITEM_ID_STARTS: readonly number[] = [
  21_800, // 2 The Burning Crusade (Netherweave Cloth 21877)
  35_000, // 3 Wrath of the Lich King
  52_000, // 4 Cataclysm (Pyrite Ore 52183)
  72_000, // 5 Mists of Pandaria (Ghost Iron Ore 72092)
  106_000, // 6 Warlords of Draenor (True Iron Ore 109119)
  121_000, // 7 Legion (Aethril 124101)
  152_000, // 8 Battle for Azeroth (Monelite Ore 152512)
  171_000, // 9 Shadowlands (Laestrite Ore 171828)
  190_000, // 10 Dragonflight (Serevite Ore 190395)
  210_000, // 11 The War Within (Bismuth 210930)
];

/** First battle pet species id of expansions 6..11; below, companions of 1..4 count as Classic, battle pets from 300 as Mists. */
const PET_SPECIES_STARTS: readonly (readonly [number, number])[] = [
  [300, 5],
  [1_400, 6],
  [1_700, 7],
  [2_100, 8],
  [2_900, 9],
  [3_300, 10],
  [4_400, 11],
];

/** Approximate expansion (1..11) of an item from its id. */
export function approximateItemExpansion(itemId: number): number {
  let expansion = 1;
  for (const start of ITEM_ID_STARTS) {
    if (itemId < start) break;
    expansion++;
  }
  return expansion;
}

/** Approximate expansion (1..11) of a battle pet species from its id. */
export function approximatePetExpansion(speciesId: number): number {
  let expansion = 1;
  for (const [start, value] of PET_SPECIES_STARTS) {
    if (speciesId < start) break;
    expansion = value;
  }
  return expansion;
}
