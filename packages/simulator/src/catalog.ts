// The item catalog and the battle-pet species, shared by both regions.
import type { VariantTemplate } from './bonus-types';
import { equipmentTemplates } from './bonus-data';
import { currentFormatTemplates } from './real-bonuses';
import { PET_CAGE_ITEM_ID, PET_FAMILIES } from './item-classes';
import { draft, icon, type Kind } from './item-drafts';
import * as names from './names';
import type { Rng } from './random';
import { intBetween, logUniform, mulberry32, normal, weightedIndex } from './random';
import type { ItemInfo } from '@goldroute/domain';

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
