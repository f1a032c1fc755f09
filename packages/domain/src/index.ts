// Rules of SPEC.md shared by server and web. Wire schemas live at @goldroute/domain/api.
export * from './messages';
export * from './constants';
export * from './enums';
export * from './validation';
export * from './trade-item';
export * from './filters';
export * from './profit';
export * from './export';
export * from './format';
export * from './subscription';
export * from './access';
export * from './routing';
export * from './trust';
export type { ItemInfo } from './item-info';
