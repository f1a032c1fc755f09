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

/** An amount written in a squish era's numbers (item-squish-era.json ids; 0 or absent: any era). */
interface EraAmount {
  amount: number;
  squishEra?: number;
}

/** One entry of raidbots' bonuses.json; only the fields GoldRoute reads are named. */
export interface RaidbotsBonus {
  id?: number;
  /** Legacy step added to the base level. */
  level?: number;
  /** Sets the level; with `curveId`, an offset curve's value the file states already read. */
  itemLevel?: EraAmount & { priority?: number; curveId?: number };
  /** Legacy scaling curve: the item scales to its wearer, so it does not fix an auction's level. */
  curveId?: number;
  dropLevelCurve?: { curveId: number; offset?: number; priority?: number; squishEra?: number };
  levelOffset?: EraAmount & { craftingQuality?: number };
  levelOffsetSecondary?: { amount: number };
  /** Another bonus id this one applies (its quality, sockets and stats count as this one's). */
  applyBonusId?: number;
  socket?: number;
  rawStats?: readonly { stat?: number; amount?: number; name?: string }[];
  quality?: number;
  name?: string;
  tag?: string;
}

export interface RaidbotsCurve {
  points: readonly { playerLevel: number; itemLevel: number }[];
}

/** One entry of raidbots' item-squish-era.json: entering the era maps levels through its curve. */
export interface SquishEra {
  id: number;
  patch?: number;
  /** 0: no curve (the first era). */
  curveId: number;
}

/** raidbots bonuses.json, item-curves.json and item-squish-era.json. */
export interface BonusData {
  bonuses: Readonly<Record<string, RaidbotsBonus>>;
  curves: Readonly<Record<string, RaidbotsCurve>>;
  /** In era order; absent or empty: amounts are taken as they are, with no squish. */
  squishEras?: readonly SquishEra[];
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
