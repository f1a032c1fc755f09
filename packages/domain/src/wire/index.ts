// The compact encoding of the market answers (docs/targets.md), apart from the rules: it carries the
// figures the engine worked out (trust included) and works out none of its own, so changing a rule never
// changes what an answer decodes to. Its building blocks (container, dictionaries, predictions) stay
// internal.
export { ContainerError, UnknownFormatError, isContainer } from './container';
export type { IntegerRange } from './container';
export { TRADE_COLUMNS_FORMAT, TRADE_COLUMNS_TYPE } from './answer-format';
export type { AnswerHeader, WireRowFields, WireVariantFields } from './answer-format';
export { VARIANT_DICTS, VariantPool } from './variant-pool';
export { ROW_NUMBERS, TradeColumnsWriter } from './writer';
export type { RowNumber, WireGroupFields, WriterOptions } from './writer';
export { encodeDropshipAnswer, encodeFlippingAnswer } from './encode-items';
export { decodeMarketAnswer, tradeColumnsOf } from './trade-columns';
export type {
  CodeColumn,
  GroupColumns,
  MarketColumns,
  RealmColumns,
  TradeColumns,
  VariantColumns,
} from './trade-columns';
export { dropshipGroupsOf, itemKeyAt, tradeItemAt, tradeItemsOf, tradeKeyAt } from './trade-rows';
