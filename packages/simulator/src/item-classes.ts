// The game's item classes and subclasses, battle-pet families and quality names, as Blizzard's item API
// states them: the catalogue draws its items from these.

export const PET_CAGE_ITEM_ID = 82800;

export const ITEM_CLASSES = {
  weapon: { id: 2, name: 'Weapon' },
  armor: { id: 4, name: 'Armor' },
  recipe: { id: 9, name: 'Recipe' },
  miscellaneous: { id: 15, name: 'Miscellaneous' },
  battlePets: { id: 17, name: 'Battle Pets' },
  profession: { id: 19, name: 'Profession' },
} as const;

export const WEAPON_SUBCLASSES: Readonly<Record<number, string>> = {
  0: 'Axe',
  1: 'Axe',
  2: 'Bow',
  3: 'Gun',
  4: 'Mace',
  5: 'Mace',
  6: 'Polearm',
  7: 'Sword',
  8: 'Sword',
  9: 'Warglaives',
  10: 'Staff',
  13: 'Fist Weapon',
  15: 'Dagger',
  18: 'Crossbow',
  19: 'Wand',
};
export const ARMOR_SUBCLASSES: Readonly<Record<number, string>> = {
  0: 'Miscellaneous',
  1: 'Cloth',
  2: 'Leather',
  3: 'Mail',
  4: 'Plate',
  5: 'Cosmetic',
  6: 'Shield',
};
export const RECIPE_SUBCLASSES: Readonly<Record<number, string>> = {
  0: 'Book',
  1: 'Leatherworking',
  2: 'Tailoring',
  3: 'Engineering',
  4: 'Blacksmithing',
  5: 'Cooking',
  6: 'Alchemy',
  7: 'First Aid',
  8: 'Enchanting',
  9: 'Fishing',
  10: 'Jewelcrafting',
  11: 'Inscription',
};
export const PROFESSION_SUBCLASSES: Readonly<Record<number, string>> = {
  0: 'Blacksmithing',
  1: 'Leatherworking',
  2: 'Alchemy',
  3: 'Herbalism',
  4: 'Cooking',
  5: 'Mining',
  6: 'Tailoring',
  7: 'Engineering',
  8: 'Enchanting',
  9: 'Fishing',
  10: 'Skinning',
  11: 'Jewelcrafting',
  12: 'Inscription',
};
/**
 * Blizzard's Miscellaneous subclasses, plus 'Toy' (id 100), which Blizzard does not have as a
 * subclass (the game flags toys separately); the simulator files toys there so the app's
 * "Toys" category has data.
 */
export const MISC_SUBCLASSES: Readonly<Record<number, string>> = {
  0: 'Junk',
  1: 'Reagent',
  2: 'Companion Pets',
  3: 'Holiday',
  4: 'Other',
  5: 'Mount',
  6: 'Mount Equipment',
  100: 'Toy',
};
export const PET_FAMILIES: readonly string[] = [
  'Humanoid',
  'Dragonkin',
  'Flying',
  'Undead',
  'Critter',
  'Magic',
  'Elemental',
  'Beast',
  'Aquatic',
  'Mechanical',
];

export const QUALITY_NAMES: Readonly<Record<number, { type: string; name: string }>> = {
  0: { type: 'POOR', name: 'Poor' },
  1: { type: 'COMMON', name: 'Common' },
  2: { type: 'UNCOMMON', name: 'Uncommon' },
  3: { type: 'RARE', name: 'Rare' },
  4: { type: 'EPIC', name: 'Epic' },
  5: { type: 'LEGENDARY', name: 'Legendary' },
};
