// One catalogue item's draft: its kind's class and subclass, name, icon, quality and inventory type,
// drawn in a fixed order from the catalogue's seeded generator.
import {
  ITEM_CLASSES,
  WEAPON_SUBCLASSES,
  ARMOR_SUBCLASSES,
  RECIPE_SUBCLASSES,
  PROFESSION_SUBCLASSES,
  MISC_SUBCLASSES,
} from './item-classes';
import * as names from './names';
import type { Rng } from './random';
import { intBetween, pick, weightedIndex } from './random';

export type Kind =
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

export function icon(rng: Rng, prefix: string): string {
  return `${prefix}${String(intBetween(rng, 1, 40)).padStart(2, '0')}`;
}

function qualityFor(rng: Rng): number {
  return 1 + weightedIndex(rng, [14, 41, 31, 13.4, 0.6]);
}

export interface Draft {
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

export function draft(rng: Rng, kind: Kind): Draft {
  const nonEquip = { type: 'NON_EQUIP', name: 'Non-equippable' };
  /** The class and subclass of a draft (no draws: the fields after it keep the draw order). */
  const classed = (cls: { id: number; name: string }, subclassId: number, subclassName: string) => ({
    kind,
    classId: cls.id,
    className: cls.name,
    subclassId,
    subclassName,
  });
  const misc = (subclassId: number, name: string, iconPrefix: string, quality: number): Draft => ({
    ...classed(ITEM_CLASSES.miscellaneous, subclassId, MISC_SUBCLASSES[subclassId] ?? 'Other'),
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
        ...classed(ITEM_CLASSES.weapon, sub, WEAPON_SUBCLASSES[sub] ?? 'Sword'),
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
        ...classed(ITEM_CLASSES.armor, sub, ARMOR_SUBCLASSES[sub] ?? 'Cloth'),
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
        ...classed(ITEM_CLASSES.armor, 5, 'Cosmetic'),
        name: names.cosmeticName(rng),
        icon: icon(rng, 'inv_chest_cloth_'),
        quality: pick(rng, [3, 4, 4]),
        inventoryType: nonEquip,
      };
    case 'recipe': {
      const sub = intBetween(rng, 0, 11);
      return {
        ...classed(ITEM_CLASSES.recipe, sub, RECIPE_SUBCLASSES[sub] ?? 'Book'),
        name: names.recipeName(rng, sub),
        icon: icon(rng, 'inv_scroll_'),
        quality: 1 + weightedIndex(rng, [20, 45, 28, 7]),
        inventoryType: nonEquip,
      };
    }
    case 'profession': {
      const sub = intBetween(rng, 0, 12);
      return {
        ...classed(ITEM_CLASSES.profession, sub, PROFESSION_SUBCLASSES[sub] ?? 'Mining'),
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
