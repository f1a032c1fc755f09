// Input and output shapes of the engine. TradeItem and DropshipGroup are @goldroute/domain's;
// the realm statistics rows have the field names of SPEC §3 (the domain's zod schemas check them).

/** Static item data: declared once, in @goldroute/domain. */
export type { ItemInfo } from '@goldroute/domain';

/** Battle pet species data. */
export interface PetInfo {
  speciesId: number;
  name: string;
  /** Creature (npc) id, for game-database links. */
  npcId: number;
  expansion: number;
  mediaURL: string;
  /** Pet family (Beast, Critter, ...), used as the subclass. */
  familyName?: string;
}

/** A connected realm as the tools show it. */
export interface RealmInfo {
  id: number;
  name: string;
  population: string;
}

/** A TSM region pricing row (copper), as the TSM API returns it. */
export interface TsmRow {
  itemId: number | null;
  petSpeciesId: number | null;
  marketValue: number;
  avgSalePrice: number;
  saleRate?: number;
  salePct?: number;
  historical: number;
  regionId?: number;
  quantity?: number;
  soldPerDay?: number;
}

export interface RaidbotsBonus {
  id?: number;
  level?: number;
  itemLevel?: { amount: number; priority?: number };
  curveId?: number;
  dropLevelCurve?: { curveId: number; offset?: number; priority?: number };
  socket?: number;
  rawStats?: readonly { stat?: number; amount?: number; name?: string }[];
  quality?: number;
  name?: string;
  tag?: string;
}

export interface RaidbotsCurve {
  points: readonly { playerLevel: number; itemLevel: number }[];
}

/** raidbots bonuses.json and item-curves.json. */
export interface BonusData {
  bonuses: Readonly<Record<string, RaidbotsBonus>>;
  curves: Readonly<Record<string, RaidbotsCurve>>;
}

export type TertiaryStat = 'Speed' | 'Leech' | 'Avoidance' | 'Indestructible';

// SPEC §3 Trade item and Dropship group: the domain's own types (money on them is gold).
export type { DropshipGroup, TradeItem } from '@goldroute/domain';

/** SPEC §3 Realm stats. */
export interface RealmStatsRow {
  realmId: number;
  realmName: string;
  realmPopulation: string;
  totalAuctions: number;
  avgPriceRatio: number;
  cheaperThanRegion: number;
  expensiveThanRegion: number;
  percentCheaper: number;
  percentExpensive: number;
  percentEqual: number;
}

export interface OverallStats {
  totalRealms: number;
  totalAuctions: number;
  avgPriceRatio: number;
  percentCheaper: number;
}

export interface RealmStats {
  overallStats: OverallStats;
  realmStats: RealmStatsRow[];
}
