// Rules of SPEC.md shared by server and web. Wire schemas live at @goldroute/domain/api, the compact
// encoding of the market answers at @goldroute/domain/wire (it imports these rules' types, never the other way).
export * from './messages';
export * from './constants';
export * from './enums';
export * from './validation';
export * from './trade-item';
export * from './crafted-stats';
export * from './filters';
export * from './tool-opening';
export * from './tool-view';
export * from './profit';
export * from './export';
export * from './route-alerts';
export * from './item-link';
export * from './format';
export * from './price';
export * from './subscription';
export * from './billing';
export * from './access';
export * from './caches';
export * from './routing';
export * from './deal-evidence';
export * from './trust';
export * from './trust-text';
export * from './expected-profit';
export * from './deal-confidence';
export * from './freshness';
export type { ItemInfo } from './item-info';
