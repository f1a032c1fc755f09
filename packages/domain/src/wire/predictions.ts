// What the decoder can work out of a row from its other figures: the trade key from the item key and
// the realms, the AH cut and the two profits from the prices. Only the size of an answer depends on them:
// a figure is sent as the copper it is off its prediction, so the decoder gets back exactly the figure
// the writer was given, whatever rule the engine followed. They are part of the format: a change here
// changes what an old answer decodes to, so it comes with a new TRADE_COLUMNS_FORMAT.
import { COPPER_PER_GOLD } from './answer-format';

/**
 * The readable start of a variant key (the engine's uniqueItemKey / petItemKey up to the quality). An
 * unknown level reads `unknown`, as in dropshipGroupKey; a key that does not start so is sent whole.
 */
export function itemKeyStem(id: number | string, itemLevel: number | null): string {
  const level = itemLevel ?? 'unknown';
  return typeof id === 'string' ? `${id}_l${level}_q` : `${id}_ilvl-${level}_q`;
}

export function predictedTradeKey(itemKey: string, buyRealmId: number, sellRealmId: number): string {
  return `${itemKey}_${buyRealmId}-${sellRealmId}`;
}

/** The whole copper a gold amount stands for, or NaN when it is not one (then the gold is sent as is). */
export function copperOf(gold: number): number {
  const copper = Math.round(gold * COPPER_PER_GOLD);
  return copper / COPPER_PER_GOLD === gold ? copper : NaN;
}

/** The seller's copper after the 5% cut, rounded half up (the engine's afterAhCut). */
export function afterCutCopper(copper: number): number {
  return Math.floor((copper * 95 + 50) / 100);
}

/** Predicted in this order: each prediction reads only columns before it or not predicted. */
export const ROW_PREDICTED = ['sellAHCut', 'sellVsBuy', 'saleAvgVsBuy'] as const;
export type PredictedField = (typeof ROW_PREDICTED)[number];

/** The prediction of sellAHCut, in copper: it reads only the sell price. */
export function predictedCut(sellBuyout: number): number {
  return afterCutCopper(copperOf(sellBuyout));
}

/**
 * The predictions of a row's predicted fields (ROW_PREDICTED order), in copper (NaN: none), from its
 * gold figures; the decoder calls it with the figures it has decoded (`sellAHCut` the row's actual one).
 * The expected profit is not among them: its models are worth sending rather than re-running per row.
 */
export function predictRow(
  out: Float64Array,
  buyBuyout: number,
  sellBuyout: number,
  sellAHCut: number,
  avgSale: number,
): void {
  const buy = copperOf(buyBuyout);
  out[0] = predictedCut(sellBuyout);
  out[1] = copperOf(sellAHCut) - buy;
  out[2] = afterCutCopper(copperOf(avgSale)) - buy;
}
