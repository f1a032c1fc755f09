// Rules of SPEC.md shared by server and web. Wire schemas live at @goldroute/domain/api.
export * from './messages';
export * from './constants';
export * from './enums';
export * from './validation';
export * from './trade-item';
export * from './crafted-stats';
export * from './filters';
export * from './profit';
export * from './export';
export * from './format';
export * from './subscription';
export * from './access';
export * from './routing';
export * from './trust';
export * from './trust-text';
export * from './expected-profit';
export type { ItemInfo } from './item-info';
// The compact encoding of the market answers (issue 14 §2); its building blocks stay internal.
export { ContainerError, UnknownFormatError, isContainer } from './wire-format';
export type { IntegerRange } from './wire-format';
export { TRADE_COLUMNS_FORMAT, TRADE_COLUMNS_TYPE } from './wire-columns';
export type { AnswerHeader, WireRowFields, WireVariantFields } from './wire-columns';
export { VariantPool } from './wire-variants';
export { ROW_NUMBERS, TradeColumnsWriter } from './wire-writer';
export type { RowNumber, WireGroupFields, WriterOptions } from './wire-writer';
export { encodeDropshipAnswer, encodeFlippingAnswer } from './wire-items';
export * from './trade-columns';
export * from './trade-rows';
