// @goldroute/simulator: a seeded economy of both regions in Blizzard and TSM wire formats, and a
// loopback HTTP server speaking those APIs. What really happened in its market (sales, planted dead
// listings, bait) is in '@goldroute/simulator/truth', for tests and benchmarks only.
export { createEconomy, Economy, DEFAULT_START_TIME, SIZE_SHAPES } from './economy';
export type { EconomyOptions, EconomySize, RealmSummary, StaticItem, StaticPet, TokenPoint } from './economy';
export type { MarketOptions } from './market';
export { mulberry32 } from './random';
export { startSimulatorServer } from './server';
export { createPublicationSchedule, PublicationSchedule } from './publication';
export type {
  PublicationBatch,
  PublicationScheduleOptions,
  PublishedRealm,
  VisibleDump,
} from './publication';
export type {
  FaultKind,
  FaultSpec,
  RecordedRequest,
  SimulatorServer,
  SimulatorServerOptions,
} from './server-api';
export {
  createBonusData,
  CURVES,
  LEVEL_BONUS_BASE,
  LEVEL_STEPS,
  SET_LEVEL_BONUS_BASE,
  CURVE_BONUS_BASE,
  DROP_CURVE_BONUS_BASE,
  SOCKET_BONUS,
  TERTIARY_BONUS,
  QUALITY_BONUS,
  SUFFIX_BONUS_BASE,
} from './bonus-data';
export type {
  BonusData,
  RaidbotsBonus,
  RaidbotsCurve,
  RaidbotsCurvePoint,
  RaidbotsRawStat,
  Tertiary,
  VariantTemplate,
} from './bonus-types';
export * from './item-classes';
export type { SimItem, SimPetSpecies } from './catalog';
export { connectedRealmName, POPULATION_NAMES, REGION_IDS, REGION_NAMES } from './realms';
export type { Population, RegionCode, SimConnectedRealm, SimRealm } from './realms';
export { iconUrl } from './icon-url';
export type * from './wire';
