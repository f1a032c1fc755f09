// The item catalog and the battle-pet species, shared by both regions.
import type { VariantTemplate } from './bonus-data';
import { equipmentTemplates } from './bonus-data';
import { currentFormatTemplates } from './real-bonuses';
import * as names from './names';
import type { Rng } from './random';
import { intBetween, logUniform, mulberry32, normal, pick, weightedIndex } from './random';
import type { ItemInfo } from '@goldroute/domain';

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

/** The app's ItemInfo (its icon as a file name rather than a URL), plus what only the simulator needs. */
export interface SimItem extends Omit<ItemInfo, 'mediaURL'> {
  requiredLevel: number;
  /** Icon file name, e.g. inv_sword_04. */
  icon: string;
  inventoryType: { type: string; name: string };
  /** Equipment with bonus-list variants. */
  equipment: boolean;
  /** Non-commodity stacks of more than one happen for this item. */
  stacks: boolean;
  /** Share of a realm's auctions (sums to 1 over items). */
  share: number;
  /** US baseline price of the plain variant, copper. */
  basePrice: number;
  /** Per-realm log-price dispersion. */
  sigma: number;
  templates: VariantTemplate[];
  /** TSM sale rate (0..0.6); 0 means no TSM row. */
  saleRate: number;
}

export interface SimPetSpecies {
  speciesId: number;
  name: string;
  /** Creature (npc) id, used for game-database links. */
  npcId: number;
  familyId: number;
  familyName: string;
  expansion: number;
  icon: string;
  share: number;
  basePrice: number;
  sigma: number;
  saleRate: number;
  tradable: boolean;
}

export interface Catalog {
  items: SimItem[];
  pets: SimPetSpecies[];
}

// Item id ranges per expansion, loosely like the game's.
const EXPANSION_ID_RANGES: readonly (readonly [number, number])[] = [
  [1000, 24000],
  [25000, 34999],
  [35000, 54999],
  [55000, 79999],
  [80001, 104999],
  [105000, 129999],
  [130000, 159999],
  [160000, 174999],
  [175000, 189999],
  [190000, 211999],
  [212000, 234999],
];
const EXPANSION_ILVL: readonly (readonly [number, number])[] = [
  [5, 60],
  [60, 95],
  [80, 130],
  [100, 150],
  [120, 170],
  [140, 200],
  [180, 260],
  [200, 300],
  [150, 290],
  [250, 450],
  [480, 640],
];
const EXPANSION_WEIGHTS = [14, 9, 10, 9, 8, 8, 9, 8, 7, 9, 9];

type Kind =
  | 'weapon'
  | 'armor'
  | 'cosmetic'
  | 'recipe'
  | 'profession'
  | 'companion'
  | 'mount'
  | 'toy'
  | 'junk'
  | 'holiday'
  | 'other'
  | 'mountEquipment';
const KINDS: readonly Kind[] = [
  'weapon',
  'armor',
  'cosmetic',
  'recipe',
  'profession',
  'companion',
  'mount',
  'toy',
  'junk',
  'holiday',
  'other',
  'mountEquipment',
];
const KIND_WEIGHTS = [20, 46, 3, 12, 4, 3, 2.5, 3.5, 2, 1.5, 2, 0.5];

// Price ranges in gold (US), by quality for equipment and by kind otherwise.
const EQUIPMENT_GOLD: Readonly<Record<number, readonly [number, number]>> = {
  1: [2, 300],
  2: [10, 6000],
  3: [60, 25000],
  4: [800, 250000],
  5: [40000, 1500000],
};
const KIND_GOLD: Readonly<Record<Kind, readonly [number, number]>> = {
  weapon: [1, 1],
  armor: [1, 1],
  cosmetic: [300, 80000],
  recipe: [5, 60000],
  profession: [100, 30000],
  companion: [80, 25000],
  mount: [3000, 600000],
  toy: [300, 60000],
  junk: [0.05, 40],
  holiday: [1, 3000],
  other: [5, 8000],
  mountEquipment: [200, 15000],
};

const WEAPON_SUBCLASS_IDS = Object.keys(WEAPON_SUBCLASSES).map(Number);
const WEAPON_ICONS: Readonly<Record<number, string>> = {
  0: 'inv_axe_',
  1: 'inv_axe_',
  2: 'inv_weapon_bow_',
  3: 'inv_weapon_rifle_',
  4: 'inv_mace_',
  5: 'inv_mace_',
  6: 'inv_spear_',
  7: 'inv_sword_',
  8: 'inv_sword_',
  9: 'inv_glaive_',
  10: 'inv_staff_',
  13: 'inv_gauntlets_',
  15: 'inv_weapon_shortblade_',
  18: 'inv_weapon_crossbow_',
  19: 'inv_wand_',
};
const ARMOR_ICONS: readonly string[] = [
  'inv_chest_cloth_',
  'inv_helmet_',
  'inv_boots_',
  'inv_gauntlets_',
  'inv_shoulder_',
  'inv_belt_',
  'inv_pants_',
  'inv_bracer_',
];
const INVENTORY_TYPES: readonly { type: string; name: string }[] = [
  { type: 'HEAD', name: 'Head' },
  { type: 'SHOULDER', name: 'Shoulder' },
  { type: 'CHEST', name: 'Chest' },
  { type: 'WAIST', name: 'Waist' },
  { type: 'LEGS', name: 'Legs' },
  { type: 'FEET', name: 'Feet' },
  { type: 'WRIST', name: 'Wrist' },
  { type: 'HAND', name: 'Hands' },
];

function icon(rng: Rng, prefix: string): string {
  return `${prefix}${String(intBetween(rng, 1, 40)).padStart(2, '0')}`;
}

function qualityFor(rng: Rng): number {
  return 1 + weightedIndex(rng, [14, 41, 31, 13.4, 0.6]);
}

interface Draft {
  kind: Kind;
  classId: number;
  className: string;
  subclassId: number;
  subclassName: string;
  name: string;
  icon: string;
  quality: number;
  inventoryType: { type: string; name: string };
}

function draft(rng: Rng, kind: Kind): Draft {
  const nonEquip = { type: 'NON_EQUIP', name: 'Non-equippable' };
  const misc = (subclassId: number, name: string, iconPrefix: string, quality: number): Draft => ({
    kind,
    classId: ITEM_CLASSES.miscellaneous.id,
    className: ITEM_CLASSES.miscellaneous.name,
    subclassId,
    subclassName: MISC_SUBCLASSES[subclassId] ?? 'Other',
    name,
    icon: icon(rng, iconPrefix),
    quality,
    inventoryType: nonEquip,
  });
  switch (kind) {
    case 'weapon': {
      const sub = pick(rng, WEAPON_SUBCLASS_IDS);
      const twoHand = [1, 5, 6, 8, 10, 2, 3, 18].includes(sub);
      return {
        kind,
        classId: ITEM_CLASSES.weapon.id,
        className: ITEM_CLASSES.weapon.name,
        subclassId: sub,
        subclassName: WEAPON_SUBCLASSES[sub] ?? 'Sword',
        name: names.weaponName(rng, sub),
        icon: icon(rng, WEAPON_ICONS[sub] ?? 'inv_sword_'),
        quality: qualityFor(rng),
        inventoryType: twoHand
          ? { type: 'TWOHWEAPON', name: 'Two-Hand' }
          : { type: 'WEAPON', name: 'One-Hand' },
      };
    }
    case 'armor': {
      const sub = pick(rng, [0, 1, 1, 2, 2, 3, 3, 4, 4, 6]);
      const jewelry = sub === 0;
      return {
        kind,
        classId: ITEM_CLASSES.armor.id,
        className: ITEM_CLASSES.armor.name,
        subclassId: sub,
        subclassName: ARMOR_SUBCLASSES[sub] ?? 'Cloth',
        name: names.armorName(rng, sub),
        icon: jewelry
          ? icon(rng, pick(rng, ['inv_jewelry_ring_', 'inv_jewelry_necklace_']))
          : sub === 6
            ? icon(rng, 'inv_shield_')
            : icon(rng, pick(rng, ARMOR_ICONS)),
        quality: qualityFor(rng),
        inventoryType: jewelry
          ? pick(rng, [
              { type: 'FINGER', name: 'Finger' },
              { type: 'NECK', name: 'Neck' },
            ])
          : sub === 6
            ? { type: 'SHIELD', name: 'Off Hand' }
            : pick(rng, INVENTORY_TYPES),
      };
    }
    case 'cosmetic':
      return {
        kind,
        classId: ITEM_CLASSES.armor.id,
        className: ITEM_CLASSES.armor.name,
        subclassId: 5,
        subclassName: 'Cosmetic',
        name: names.cosmeticName(rng),
        icon: icon(rng, 'inv_chest_cloth_'),
        quality: pick(rng, [3, 4, 4]),
        inventoryType: nonEquip,
      };
    case 'recipe': {
      const sub = intBetween(rng, 0, 11);
      return {
        kind,
        classId: ITEM_CLASSES.recipe.id,
        className: ITEM_CLASSES.recipe.name,
        subclassId: sub,
        subclassName: RECIPE_SUBCLASSES[sub] ?? 'Book',
        name: names.recipeName(rng, sub),
        icon: icon(rng, 'inv_scroll_'),
        quality: 1 + weightedIndex(rng, [20, 45, 28, 7]),
        inventoryType: nonEquip,
      };
    }
    case 'profession': {
      const sub = intBetween(rng, 0, 12);
      return {
        kind,
        classId: ITEM_CLASSES.profession.id,
        className: ITEM_CLASSES.profession.name,
        subclassId: sub,
        subclassName: PROFESSION_SUBCLASSES[sub] ?? 'Mining',
        name: names.professionToolName(rng),
        icon: icon(rng, 'inv_misc_'),
        quality: 2 + weightedIndex(rng, [50, 40, 10]),
        inventoryType: { type: 'PROFESSION_TOOL', name: 'Profession Tool' },
      };
    }
    case 'companion':
      return misc(2, names.critterName(rng), 'inv_pet_', pick(rng, [3, 3, 2]));
    case 'mount':
      return misc(5, names.mountName(rng), 'ability_mount_', pick(rng, [3, 4, 4]));
    case 'toy':
      return misc(100, names.toyName(rng), 'inv_misc_toy_', pick(rng, [1, 2, 3, 3, 4]));
    case 'junk':
      return misc(0, names.junkName(rng), 'inv_misc_', 0 + pick(rng, [0, 1, 1]));
    case 'holiday':
      return misc(3, names.holidayName(rng), 'inv_holiday_', pick(rng, [1, 2]));
    case 'other':
      return misc(4, names.otherName(rng), 'inv_misc_', pick(rng, [1, 2, 3]));
    case 'mountEquipment':
      return misc(6, names.mountEquipmentName(rng), 'inv_misc_', 3);
  }
}

/** Zipf-like share by popularity rank (rank 0 is the most listed). */
function zipfShares(count: number, rng: Rng): Float64Array {
  const ranks = new Uint32Array(count);
  for (let i = 0; i < count; i++) ranks[i] = i;
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = ranks[i] ?? 0;
    ranks[i] = ranks[j] ?? 0;
    ranks[j] = t;
  }
  const shares = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const w = 1 / Math.pow((ranks[i] ?? 0) + 50, 0.9);
    shares[i] = w;
    total += w;
  }
  for (let i = 0; i < count; i++) shares[i] = (shares[i] ?? 0) / total;
  return shares;
}

function saleRateFor(rng: Rng): number {
  if (rng() < 0.06) return 0; // no TSM row
  return Math.min(0.6, logUniform(rng, 0.0004, 0.25));
}

export function createCatalog(seed: number, itemCount: number, petCount: number): Catalog {
  const rng = mulberry32(seed ^ 0x1badb002);
  const usedIds = new Set<number>([PET_CAGE_ITEM_ID]);
  const shares = zipfShares(itemCount, rng);
  const items: SimItem[] = [];
  for (let i = 0; i < itemCount; i++) {
    const expansion = 1 + weightedIndex(rng, EXPANSION_WEIGHTS);
    const [lo, hi] = EXPANSION_ID_RANGES[expansion - 1] ?? [1000, 24000];
    let id = intBetween(rng, lo, hi);
    while (usedIds.has(id)) id = intBetween(rng, lo, hi);
    usedIds.add(id);
    const kind = KINDS[weightedIndex(rng, KIND_WEIGHTS)] ?? 'armor';
    const d = draft(rng, kind);
    const equipment = kind === 'weapon' || kind === 'armor';
    const [ilo, ihi] = EXPANSION_ILVL[expansion - 1] ?? [5, 60];
    const level =
      equipment || kind === 'cosmetic' ? intBetween(rng, ilo, ihi) : intBetween(rng, 1, Math.max(1, ilo));
    const [glo, ghi] = equipment ? (EQUIPMENT_GOLD[d.quality] ?? [1, 100]) : KIND_GOLD[kind];
    // Older gear is cheaper, except transmog-worthy epics.
    const age = equipment && d.quality < 4 ? 0.6 + 0.04 * expansion : 1;
    const basePrice = Math.max(5, Math.round(logUniform(rng, glo, ghi) * age * 10000));
    const templates: VariantTemplate[] = equipment
      ? equipmentTemplates(rng, level, d.quality, expansion)
      : [{ bonusLists: [], itemLevel: level, quality: d.quality, sockets: 0, weight: 1, priceFactor: 1 }];
    items.push({
      id,
      name: d.name,
      classId: d.classId,
      className: d.className,
      subclassId: d.subclassId,
      subclassName: d.subclassName,
      quality: d.quality,
      level,
      requiredLevel: Math.min(80, Math.max(1, Math.round(level / 6))),
      expansion,
      crafted: (equipment || kind === 'profession') && rng() < 0.12,
      icon: d.icon,
      inventoryType: d.inventoryType,
      equipment,
      stacks: kind === 'junk' || kind === 'holiday' || kind === 'other',
      share: shares[i] ?? 0,
      basePrice,
      sigma: 0.3 + 0.35 * rng() + 0.05 * Math.abs(normal(rng)),
      templates,
      saleRate: saleRateFor(rng),
    });
    // Pieces of The War Within are also listed as Blizzard lists them today (real bonus ids, crafted stats).
    const item = items[items.length - 1] as SimItem;
    if (equipment && expansion === 11)
      item.templates.push(...currentFormatTemplates(id, level, d.quality, item.crafted));
  }
  items.sort((a, b) => a.id - b.id);

  const petShares = zipfShares(petCount, rng);
  const usedSpecies = new Set<number>();
  const usedNpcs = new Set<number>();
  const pets: SimPetSpecies[] = [];
  for (let i = 0; i < petCount; i++) {
    let speciesId = intBetween(rng, 39, 4800);
    while (usedSpecies.has(speciesId)) speciesId = intBetween(rng, 39, 4800);
    usedSpecies.add(speciesId);
    let npcId = intBetween(rng, 7380, 230000);
    while (usedNpcs.has(npcId)) npcId = intBetween(rng, 7380, 230000);
    usedNpcs.add(npcId);
    const familyId = intBetween(rng, 0, PET_FAMILIES.length - 1);
    pets.push({
      speciesId,
      name: names.critterName(rng),
      npcId,
      familyId,
      familyName: PET_FAMILIES[familyId] ?? 'Critter',
      expansion: 1 + weightedIndex(rng, EXPANSION_WEIGHTS),
      icon: icon(rng, 'inv_pet_'),
      share: petShares[i] ?? 0,
      basePrice: Math.round(logUniform(rng, 20, 60000) * 10000),
      sigma: 0.3 + 0.35 * rng(),
      saleRate: saleRateFor(rng),
      tradable: true,
    });
  }
  pets.sort((a, b) => a.speciesId - b.speciesId);
  return { items, pets };
}
