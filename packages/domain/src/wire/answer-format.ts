// The compact encoding of the market answers (docs/targets.md), asked for with `Accept: TRADE_COLUMNS_TYPE`:
// columns instead of row objects, in a binary container (container.ts). A full-region flipping answer
// is ~35,000 rows of ~1,200 bytes of JSON, mostly keys and repeats. Here each field is one typed column;
// the fields a variant or a realm shares are stored once per variant or realm; strings once, in
// dictionaries in the header; gold as integer copper; and figures the decoder can work out (trade keys,
// the AH cut, the profits; predictions.ts) as the copper they differ by, which is 0. The writer is
// writer.ts (used by encode-items.ts for row objects and by the engine, packages/market
// serialize/columns.ts), the decoder trade-columns.ts. The wire carries figures; it works out no rule
// of the domain, so it imports the domain's types and words only.
import type { ContainerHeader } from './container';
import type { TradeEvidence, TradeItem, TRADE_ITEM_VARIANT_FIELDS } from '../trade-item';
import type { ConfidenceLevel, DealFlag } from '../deal-evidence';

/** The media type of the compact encoding; without it in `Accept` the answer is the SPEC JSON. */
export const TRADE_COLUMNS_TYPE = 'application/vnd.goldroute.columns';
/**
 * The wire version, written in every answer's header with the container's own magic bytes. It names the
 * figures an answer carries and how each is stored (its columns, what is predicted and how), and it
 * changes whenever they do: a figure added, dropped or meaning something else, a prediction changed. A
 * client meeting another version gets UnknownFormatError and asks for the SPEC JSON instead, so it never
 * reads one version's figures by another's rules. /2: realisticProfit predicted; /3: the item floor; /4:
 * the hours the sell listing was posted for; /5: the crafted stats, and an unknown item level (null) in
 * `v.itemLevel`; /6: realisticProfit is the expected profit, sent in copper rather than predicted, and
 * `r.saleChance` in whole percent; /7: every row figure is the caller's (the trust figures as the engine's
 * trust rule gave them, the cut and both profits as the engine worked them out), the predicted ones sent
 * as the copper they are off their prediction rather than left to it unchecked.
 */
export const TRADE_COLUMNS_FORMAT = 'goldroute.columns/7';

/** How a gold column is stored: integer copper, copper off its prediction, or (not whole copper) gold. */
export type GoldStorage = 'copper' | 'residual' | 'gold';

/** The JSON header of a compact answer. Number columns are named `v.<field>` (per variant), `r.<field>`
 * (per row) and `g.<field>` (per dropship group); dictionary columns hold codes into `dicts`. */
export interface AnswerHeader extends ContainerHeader {
  format: typeof TRADE_COLUMNS_FORMAT;
  update: { lastModified: number };
  rows: number;
  variants: number;
  realms: { id: number[]; name: string[]; population: string[]; updatedAt: number[] };
  dicts: {
    /** uniqueItemKey after itemKeyStem(id, itemLevel), or [the whole key] when it does not start so. */
    itemKey: (string | [string])[];
    name: string[];
    class: string[];
    subclass: string[];
    bonus: number[][];
    mediaURL: string[];
    quality: string[];
    sockets: number[][];
    tertiaryStats: string[][];
    craftedStats: string[][];
    confidence: ConfidenceLevel[];
    flags: DealFlag[][];
  };
  /** The ids that are strings (battle pets), in variant order: `v.id` is null there. */
  idText: string[];
  /** Trade keys that are not predictedTradeKey(...): [row, key]. The engine's all are. */
  tradeKeys: [number, string][];
  gold: Record<string, GoldStorage>;
  /** Dropship answers: group g is the next `g.size` rows; its mainItem is its first row. */
  groups?: { count: number; key: string[]; totalCount: number[]; found: number };
}

/** A number column's NaN (its null) back to null. */
export const nullable = (x: number): number | null => (x !== x ? null : x);

export const COPPER_PER_GOLD = 10_000;

/** A variant's fields; its lists may be frozen (the engine's are, and are shared with the snapshot). */
export type WireVariantFields = Omit<
  Pick<TradeItem, (typeof TRADE_ITEM_VARIANT_FIELDS)[number]>,
  'bonus' | 'sockets' | 'tertiaryStats' | 'craftedStats'
> & {
  bonus: readonly number[];
  sockets: readonly number[];
  tertiaryStats: readonly string[];
  craftedStats: readonly string[];
};

/**
 * One row, by variant and realm indices of the writer, with every figure as the caller worked it out:
 * the money figures by the engine's rules, realisticProfit, saleChance, confidence and flags by the
 * domain's trust rule (assessDeal). The writer encodes them as given and keeps nothing of the object.
 */
export interface WireRowFields {
  variant: number;
  buyRealm: number;
  sellRealm: number;
  /** null when the key follows predictedTradeKey (the engine builds it so: no string per row). */
  tradeKey: string | null;
  buyBuyout: number;
  sellBuyout: number;
  sellAHCut: number;
  sellVsBuy: number;
  saleAvgVsBuy: number;
  realisticProfit: number;
  /** 0..1 (sent as whole percent). */
  saleChance: number;
  confidence: ConfidenceLevel;
  flags: readonly DealFlag[];
  evidence: TradeEvidence;
}
