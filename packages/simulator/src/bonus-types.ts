// The shapes of raidbots' bonus files (bonuses.json, item-curves.json, item-squish-era.json) and of the
// variant templates equipment auctions are drawn from: shared by the synthetic table (bonus-data.ts) and
// the real slice (real-bonuses.ts).

export interface RaidbotsRawStat {
  stat: number;
  amount: number;
  name?: string;
}

export interface RaidbotsBonus {
  id: number;
  /** Added to the base item level. */
  level?: number;
  /** Sets the item level; with several, the lowest priority wins (squishEra: the era it is written in). */
  itemLevel?: { amount: number; priority: number; squishEra: number };
  /** Item level from this curve at the drop level (auction modifier type 9), plus the offset. */
  dropLevelCurve?: { curveId: number; offset: number; priority: number; squishEra: number };
  levelOffset?: { amount: number; squishEra: number; craftingQuality?: number };
  levelOffsetSecondary?: { amount: number };
  applyBonusId?: number;
  serverside?: boolean;
  socket?: number;
  rawStats?: RaidbotsRawStat[];
  quality?: number;
  name?: string;
  tag?: string;
}

export interface RaidbotsCurvePoint {
  playerLevel: number;
  itemLevel: number;
}

export interface RaidbotsCurve {
  id?: number;
  points: RaidbotsCurvePoint[];
}

export interface SquishEra {
  id: number;
  patch: number;
  curveId: number;
}

export interface BonusData {
  /** bonuses.json: keyed by bonus id. */
  bonuses: Record<string, RaidbotsBonus>;
  /** item-curves.json: keyed by curve id. */
  curves: Record<string, RaidbotsCurve>;
  /** item-squish-era.json: the eras and the curves that map earlier levels into them. */
  squishEras: SquishEra[];
}

export type Tertiary = 'Speed' | 'Leech' | 'Avoidance' | 'Indestructible';

/** One way an equipment item shows up on the auction house. */
export interface VariantTemplate {
  bonusLists: number[];
  /** Modifier type 9 value, when the template scales by drop level. */
  dropLevel?: number;
  /** Modifiers 29 and 30 of a crafted piece: the secondary stats its crafter chose. */
  craftedStats?: [number, number];
  /** Approximate item level (pricing only; the market package resolves the real one). */
  itemLevel: number;
  quality: number;
  sockets: number;
  tertiary?: Tertiary;
  /** Relative frequency among the item's templates. */
  weight: number;
  /** Price multiplier against the item's base price. */
  priceFactor: number;
}
