// Variants: item id + bonus ids + modifiers to the item level, quality, sockets, stats and the keys
// that tell one variant from another (raidbots' current format, squish era included).
export {
  CRAFTED_STAT_1,
  CRAFTED_STAT_2,
  dropshipGroupKey,
  DROP_LEVEL_MODIFIER,
  petItemKey,
  qualityLabel,
  resolveVariant,
  TERTIARY_STATS,
  uniqueItemKey,
  uniqueTradeKey,
} from './variant-key';
export type { Modifier, ResolvedVariant } from './variant-key';
export { curveValue, isNewerBonusId, resolveItemLevel, withApplied } from './item-level';
