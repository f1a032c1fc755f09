// Wire shapes of the Blizzard Game Data API and the TSM pricing API, as the simulator serves them.

export interface BlizzardModifier {
  type: number;
  value: number;
}

export interface BlizzardAuctionItem {
  id: number;
  context?: number;
  bonus_lists?: number[];
  modifiers?: BlizzardModifier[];
  pet_breed_id?: number;
  pet_level?: number;
  pet_quality_id?: number;
  pet_species_id?: number;
}

export interface BlizzardAuction {
  id: number;
  item: BlizzardAuctionItem;
  buyout?: number;
  bid?: number;
  unit_price?: number;
  quantity: number;
  time_left: 'SHORT' | 'MEDIUM' | 'LONG' | 'VERY_LONG';
}

export interface BlizzardAuctionsResponse {
  _links?: { self: { href: string } };
  connected_realm?: { href: string };
  auctions: BlizzardAuction[];
  commodities?: { href: string };
}

export interface BlizzardRealm {
  id: number;
  region: { key: { href: string }; name: string; id: number };
  connected_realm: { href: string };
  name: string;
  category: string;
  locale: string;
  timezone: string;
  type: { type: string; name: string };
  is_tournament: boolean;
  slug: string;
}

export interface BlizzardConnectedRealm {
  _links: { self: { href: string } };
  id: number;
  has_queue: boolean;
  status: { type: string; name: string };
  population: { type: string; name: string };
  realms: BlizzardRealm[];
  mythic_leaderboards: { href: string };
  auctions: { href: string };
}

export interface BlizzardConnectedRealmIndex {
  _links: { self: { href: string } };
  connected_realms: { href: string }[];
}

export interface BlizzardRef {
  key: { href: string };
  name: string;
  id: number;
}

export interface BlizzardItem {
  _links: { self: { href: string } };
  id: number;
  name: string;
  quality: { type: string; name: string };
  level: number;
  required_level: number;
  media: { key: { href: string }; id: number };
  item_class: BlizzardRef;
  item_subclass: BlizzardRef;
  inventory_type: { type: string; name: string };
  purchase_price: number;
  sell_price: number;
  max_count: number;
  is_equippable: boolean;
  is_stackable: boolean;
  purchase_quantity: number;
}

export interface BlizzardItemMedia {
  _links: { self: { href: string } };
  assets: { key: string; value: string; file_data_id: number }[];
  id: number;
}

export interface BlizzardPet {
  _links: { self: { href: string } };
  id: number;
  name: string;
  battle_pet_type: { id: number; type: string; name: string };
  creature: BlizzardRef;
  icon: string;
  is_tradable: boolean;
  is_battlepet: boolean;
}

export interface BlizzardToken {
  _links: { self: { href: string } };
  /** Unix ms. */
  last_updated_timestamp: number;
  /** Copper. */
  price: number;
}

export interface TsmRegionRow {
  regionId: number;
  itemId: number | null;
  petSpeciesId: number | null;
  quantity: number;
  /** Copper, 14-day weighted value. */
  marketValue: number;
  /** Copper. */
  avgSalePrice: number;
  /** Share of postings that sell, 0..1. */
  saleRate: number;
  soldPerDay: number;
  /** Copper, 60-day value. */
  historical: number;
}
