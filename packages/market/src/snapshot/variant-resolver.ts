// From a raw variant (item id, bonus ids, modifiers or pet fields, as ingested) to the variant the
// snapshot lists: its unique key and metadata from the item and pet data, with the app's class labels.
import { craftedStatName } from '@goldroute/domain';
import type { VariantMeta } from './market-snapshot';
import {
  isNewerBonusId,
  CRAFTED_STAT_1,
  CRAFTED_STAT_2,
  DROP_LEVEL_MODIFIER,
  dropshipGroupKey,
  petItemKey,
  qualityLabel,
  resolveVariant,
  uniqueItemKey,
} from '../variants';
import { EMPTY_LIST, frozen } from './market-snapshot';
import type { RawVariantTable } from '../ingest';
import type { BonusData, ItemInfo, PetInfo } from '../types';
import type { Modifier } from '../variants';

/** Item or pet data by id: a map, or a function for data that is fetched on demand. */
type Lookup<T> = ReadonlyMap<number, T> | ((id: number) => T | undefined);

export interface SnapshotSources {
  items: Lookup<ItemInfo>;
  pets: Lookup<PetInfo>;
  bonusData: BonusData;
  /**
   * Item ids that never become variants (fake items: listings nobody buys at those prices); they are left
   * out without counting as unknown, so nothing tries to learn them.
   */
  excludedItems?: ReadonlySet<number>;
}

const CLASS_NAMES = new Set(['Weapon', 'Armor', 'Recipe', 'Profession', 'Miscellaneous']);
const SPECIAL_SUBCLASSES: Readonly<Record<string, string>> = {
  'Companion Pets': 'Companions',
  Companions: 'Companions',
  Toy: 'Toys',
  Toys: 'Toys',
  Mount: 'Mount',
  Cosmetic: 'Cosmetic',
};

/**
 * App class/subclass labels from Blizzard's: the five SPEC classes keep their name, any other
 * class counts as Miscellaneous; the special subclasses get the SPEC category names
 * (Companion Pets -> Companions, Toy -> Toys, Mount, Cosmetic); battle pets are class Pet.
 */
export function appClassification(
  className: string,
  subclassName: string,
): { class: string; subclass: string } {
  return {
    class: CLASS_NAMES.has(className) ? className : 'Miscellaneous',
    subclass: SPECIAL_SUBCLASSES[subclassName] ?? subclassName,
  };
}

function lookup<T>(source: Lookup<T>, id: number): T | undefined {
  return typeof source === 'function' ? source(id) : source.get(id);
}

/** A raw variant resolved: raw variants with the same key are one variant of the snapshot. */
export interface Resolved {
  key: string;
  isPet: boolean;
  baseId: number;
  meta: VariantMeta;
}

/** Resolves raw variants to variant keys and metadata, caching per raw id. */
/** The auction modifiers a raw variant keeps: its drop level and crafted stats, as Blizzard sends them. */
export function rawModifiers(table: RawVariantTable, raw: number): Modifier[] {
  const out: Modifier[] = [];
  const drop = table.dropLevel(raw);
  if (drop >= 0) out.push({ type: DROP_LEVEL_MODIFIER, value: drop });
  const [first, second] = table.craftedStats(raw);
  if (first >= 0) out.push({ type: CRAFTED_STAT_1, value: first });
  if (second >= 0) out.push({ type: CRAFTED_STAT_2, value: second });
  return out;
}

export class Resolver {
  private cache: (Resolved | undefined)[] = [];
  readonly unknownItems = new Set<number>();
  readonly unknownPets = new Set<number>();
  /** Bonus ids of listed items that the bonus data does not know (their item level is unknown). */
  readonly unknownBonusIds = new Set<number>();

  constructor(
    private readonly table: RawVariantTable,
    private readonly sources: SnapshotSources,
  ) {}

  /** Unknown ids are not cached (a growing lookup may know them later); this clears the report. */
  forgetUnknown(): void {
    this.unknownItems.clear();
    this.unknownPets.clear();
  }

  /** A raw variant of an excluded item: left out on purpose, not unknown. */
  excluded(raw: number): boolean {
    return (
      this.table.petSpecies(raw) <= 0 && (this.sources.excludedItems?.has(this.table.itemId(raw)) ?? false)
    );
  }

  /** The modifiers a raw variant keeps (drop level, crafted stats), as Blizzard sends them. */
  resolve(raw: number): Resolved | undefined {
    const hit = this.cache[raw];
    if (hit) return hit;
    const t = this.table;
    const itemId = t.itemId(raw);
    const species = t.petSpecies(raw);
    let resolved: Resolved;
    if (species > 0) {
      const pet = lookup(this.sources.pets, species);
      if (!pet) {
        this.unknownPets.add(species);
        return undefined;
      }
      const level = t.petLevel(raw);
      const q = t.petQuality(raw);
      const key = petItemKey(species, level, q);
      const id = `pet_${species}`;
      const quality = qualityLabel(q);
      resolved = {
        key,
        isPet: true,
        baseId: species,
        meta: {
          uniqueItemKey: key,
          id,
          itemId,
          realPetId: species,
          npcId: pet.npcId,
          name: pet.name,
          class: 'Pet',
          subclass: pet.familyName ?? 'Battle Pet',
          bonus: EMPTY_LIST,
          mediaURL: pet.mediaURL,
          quality,
          qualityId: q,
          itemLevel: level,
          patchNumber: pet.expansion,
          crafted: false,
          sockets: EMPTY_LIST,
          tertiaryStats: EMPTY_LIST,
          craftedStats: EMPTY_LIST,
          groupKey: dropshipGroupKey(id, quality, level),
        },
      };
    } else {
      if (this.sources.excludedItems?.has(itemId)) return undefined;
      const item = lookup(this.sources.items, itemId);
      if (!item) {
        this.unknownItems.add(itemId);
        return undefined;
      }
      // Resolutions stay cached for the builder's life: empty lists share one frozen array.
      const bonus = frozen(t.bonusIds(raw));
      const data = this.sources.bonusData;
      const v = resolveVariant(item, bonus, rawModifiers(this.table, raw), data);
      if (v.itemLevel === null)
        for (const id of bonus) if (isNewerBonusId(id, data)) this.unknownBonusIds.add(id);
      const sockets = frozen(v.sockets);
      const tertiaryStats = frozen(v.tertiaryStats);
      const craftedStats = frozen(v.craftedStats.map((id) => craftedStatName(id) ?? `Stat ${id}`));
      const key = uniqueItemKey(itemId, v);
      const quality = qualityLabel(v.quality);
      const cls = appClassification(item.className, item.subclassName);
      resolved = {
        key,
        isPet: false,
        baseId: itemId,
        meta: {
          uniqueItemKey: key,
          id: itemId,
          itemId,
          realPetId: null,
          npcId: null,
          name: item.name,
          class: cls.class,
          subclass: cls.subclass,
          bonus,
          mediaURL: item.mediaURL,
          quality,
          qualityId: v.quality,
          itemLevel: v.itemLevel,
          patchNumber: item.expansion,
          crafted: item.crafted,
          sockets,
          tertiaryStats,
          craftedStats,
          groupKey: dropshipGroupKey(itemId, quality, v.itemLevel),
        },
      };
    }
    this.cache[raw] = resolved;
    return resolved;
  }
}

/** Variant order: items before pets, then base id, quality, item level, key. */
export function compareResolved(a: Resolved, b: Resolved): number {
  if (a.isPet !== b.isPet) return a.isPet ? 1 : -1;
  if (a.baseId !== b.baseId) return a.baseId - b.baseId;
  if (a.meta.qualityId !== b.meta.qualityId) return a.meta.qualityId - b.meta.qualityId;
  // An unknown item level sorts after every known one.
  const la = a.meta.itemLevel ?? Infinity;
  const lb = b.meta.itemLevel ?? Infinity;
  if (la !== lb) return la < lb ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
