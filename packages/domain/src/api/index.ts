// Wire contract of SPEC §7, published as @goldroute/domain/api.
export * from './common';
export * from './users';
export * from './data';
export * from './payments';
export * from './billing';
export * from './admin';
export * from './freshness';
export * from './presets';
export * from './alerts';
