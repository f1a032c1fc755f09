// Builds the Blizzard API response bodies from the economy.
import { ITEM_CLASSES, PET_CAGE_ITEM_ID, PET_FAMILIES } from './item-classes';
import type { Economy } from './economy';
import { iconUrl } from './icon-url';
import type { RegionCode } from './realms';
import { POPULATION_NAMES, REGION_IDS, REGION_NAMES } from './realms';
import type {
  BlizzardConnectedRealm,
  BlizzardConnectedRealmIndex,
  BlizzardItem,
  BlizzardItemMedia,
  BlizzardPet,
  BlizzardToken,
} from './wire';

function ns(kind: 'dynamic' | 'static', region: RegionCode): string {
  return `namespace=${kind}-${region}`;
}

export function connectedRealmIndex(
  economy: Economy,
  region: RegionCode,
  origin: string,
): BlizzardConnectedRealmIndex {
  return {
    _links: { self: { href: `${origin}/data/wow/connected-realm/?${ns('dynamic', region)}` } },
    connected_realms: economy
      .connectedRealms(region)
      .map((r) => ({ href: `${origin}/data/wow/connected-realm/${r.id}?${ns('dynamic', region)}` })),
  };
}

export function connectedRealm(
  economy: Economy,
  region: RegionCode,
  id: number,
  origin: string,
): BlizzardConnectedRealm | undefined {
  const cr = economy.connectedRealm(region, id);
  if (!cr) return undefined;
  const self = `${origin}/data/wow/connected-realm/${cr.id}`;
  return {
    _links: { self: { href: `${self}?${ns('dynamic', region)}` } },
    id: cr.id,
    has_queue: false,
    status: { type: 'UP', name: 'Up' },
    population: { type: cr.population, name: POPULATION_NAMES[cr.population] },
    realms: cr.realms.map((r) => ({
      id: r.id,
      region: {
        key: { href: `${origin}/data/wow/region/${REGION_IDS[region]}?${ns('dynamic', region)}` },
        name: REGION_NAMES[region],
        id: REGION_IDS[region],
      },
      connected_realm: { href: `${self}?${ns('dynamic', region)}` },
      name: r.name,
      category: r.category,
      locale: r.locale,
      timezone: r.timezone,
      type: r.type,
      is_tournament: false,
      slug: r.slug,
    })),
    mythic_leaderboards: { href: `${self}/mythic-leaderboard/?${ns('dynamic', region)}` },
    auctions: { href: `${self}/auctions?${ns('dynamic', region)}` },
  };
}

export function item(
  economy: Economy,
  region: RegionCode,
  id: number,
  origin: string,
): BlizzardItem | undefined {
  const sq = `?${ns('static', region)}`;
  if (id === PET_CAGE_ITEM_ID) {
    return {
      _links: { self: { href: `${origin}/data/wow/item/${id}${sq}` } },
      id,
      name: 'Pet Cage',
      quality: { type: 'COMMON', name: 'Common' },
      level: 1,
      required_level: 0,
      media: { key: { href: `${origin}/data/wow/media/item/${id}${sq}` }, id },
      item_class: {
        key: { href: `${origin}/data/wow/item-class/${ITEM_CLASSES.battlePets.id}${sq}` },
        name: ITEM_CLASSES.battlePets.name,
        id: ITEM_CLASSES.battlePets.id,
      },
      item_subclass: {
        key: { href: `${origin}/data/wow/item-class/17/item-subclass/0${sq}` },
        name: PET_FAMILIES[0] ?? 'Humanoid',
        id: 0,
      },
      inventory_type: { type: 'NON_EQUIP', name: 'Non-equippable' },
      purchase_price: 0,
      sell_price: 0,
      max_count: 0,
      is_equippable: false,
      is_stackable: false,
      purchase_quantity: 1,
    };
  }
  const it = economy.item(id);
  if (!it) return undefined;
  return {
    _links: { self: { href: `${origin}/data/wow/item/${id}${sq}` } },
    id,
    name: it.name,
    quality: economy.qualityOf(it.quality),
    level: it.level,
    required_level: it.requiredLevel,
    media: { key: { href: `${origin}/data/wow/media/item/${id}${sq}` }, id },
    item_class: {
      key: { href: `${origin}/data/wow/item-class/${it.classId}${sq}` },
      name: it.className,
      id: it.classId,
    },
    item_subclass: {
      key: { href: `${origin}/data/wow/item-class/${it.classId}/item-subclass/${it.subclassId}${sq}` },
      name: it.subclassName,
      id: it.subclassId,
    },
    inventory_type: it.inventoryType,
    purchase_price: Math.round(it.basePrice / 20),
    sell_price: Math.round(it.basePrice / 100),
    max_count: 0,
    is_equippable: it.equipment,
    is_stackable: it.stacks,
    purchase_quantity: 1,
  };
}

export function itemMedia(
  economy: Economy,
  region: RegionCode,
  id: number,
  origin: string,
): BlizzardItemMedia | undefined {
  const icon = id === PET_CAGE_ITEM_ID ? 'inv_box_petcarrier_01' : economy.item(id)?.icon;
  if (!icon) return undefined;
  return {
    _links: { self: { href: `${origin}/data/wow/media/item/${id}?${ns('static', region)}` } },
    assets: [{ key: 'icon', value: iconUrl(region, icon), file_data_id: 100000 + id }],
    id,
  };
}

export function pet(
  economy: Economy,
  region: RegionCode,
  speciesId: number,
  origin: string,
): BlizzardPet | undefined {
  const p = economy.pet(speciesId);
  if (!p) return undefined;
  return {
    _links: { self: { href: `${origin}/data/wow/pet/${speciesId}?${ns('static', region)}` } },
    id: speciesId,
    name: p.name,
    battle_pet_type: { id: p.familyId, type: p.familyName.toUpperCase(), name: p.familyName },
    creature: {
      key: { href: `${origin}/data/wow/creature/${p.npcId}?${ns('static', region)}` },
      name: p.name,
      id: p.npcId,
    },
    icon: iconUrl(region, p.icon),
    is_tradable: p.tradable,
    is_battlepet: true,
  };
}

export function petIndex(
  economy: Economy,
  region: RegionCode,
  origin: string,
): { pets: { key: { href: string }; name: string; id: number }[] } {
  return {
    pets: economy.pets.map((p) => ({
      key: { href: `${origin}/data/wow/pet/${p.speciesId}?${ns('static', region)}` },
      name: p.name,
      id: p.speciesId,
    })),
  };
}

export function token(economy: Economy, region: RegionCode, time: number, origin: string): BlizzardToken {
  // The token price updates every 15 minutes; last_updated is the start of that slot.
  const slotStart = Math.floor(time / 900_000) * 900_000;
  return {
    _links: { self: { href: `${origin}/data/wow/token/?${ns('dynamic', region)}` } },
    last_updated_timestamp: slotStart,
    price: economy.tokenPrice(region, slotStart),
  };
}

/**
 * The expansion (patch number) list: item id -> expansion, and "pet_{speciesId}" -> expansion for
 * battle pets (the app's id for a pet), as the app reads it from ITEM_EXPANSIONS_URL.
 */
export function patchNumbers(economy: Economy): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of economy.items) out[String(it.id)] = it.expansion;
  for (const p of economy.pets) out[`pet_${p.speciesId}`] = p.expansion;
  return out;
}

/** Ids of the items players craft, as the app reads them from CRAFTED_ITEMS_URL. */
export function craftedItems(economy: Economy): number[] {
  return economy.items.filter((it) => it.crafted).map((it) => it.id);
}

/** Item ids a fake-items list names (about one item in a hundred, the same every time). */
export function fakeItems(economy: Economy): number[] {
  return economy.items.filter((it) => it.id % 101 === 0).map((it) => it.id);
}
