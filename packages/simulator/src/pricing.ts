// Price levels of the seeded economy: what an item is worth on a realm in an hour (its going rate),
// and how sellers round their prices. Pure functions of (seed, key, realm, absolute hour), shared by
// the auction market and the TSM rows so both tell the same story.
import { hashedNormal, smoothNoise } from './random';
import type { RegionCode, SimConnectedRealm } from './realms';

/** Region price level against the US baseline. */
export const REGION_PRICE_SCALE: Readonly<Record<RegionCode, number>> = { us: 1, eu: 1.2 };
/** Share of a realm's auctions that are caged battle pets. */
export const PET_AUCTION_SHARE = 0.05;
/** Pets live in the same hash key space as items, above every item id. */
export const PET_KEY_OFFSET = 1_000_000;
export const HOUR_MS = 3_600_000;

/** Rounds a copper price the way sellers post: copper below 1g, silver below 100g, gold above. */
export function postedPrice(copper: number): number {
  if (copper < 10_000) return Math.max(1, Math.round(copper));
  if (copper < 1_000_000) return Math.round(copper / 100) * 100;
  return Math.round(copper / 10_000) * 10_000;
}

/** Region-wide drift of an item's price level (slow, shared by all realms). */
export function itemDrift(seed: number, key: number, absHour: number): number {
  return Math.exp(0.07 * smoothNoise(seed ^ key, 1, absHour, 12));
}

/**
 * Going rate of one item (plain variant) on one realm in one hour, copper: base price x region
 * level x realm level x a stable per (item, realm) factor (what makes real cross-realm deals) x
 * hourly drift.
 */
export function realmPriceLevel(
  seed: number,
  region: RegionCode,
  key: number,
  basePrice: number,
  sigma: number,
  realm: SimConnectedRealm,
  absHour: number,
): number {
  const stable = Math.exp(sigma * hashedNormal(seed, key, realm.id, 7));
  const drift = Math.exp(0.05 * smoothNoise(seed ^ key, realm.id, absHour, 6));
  return (
    basePrice * REGION_PRICE_SCALE[region] * realm.priceBias * stable * drift * itemDrift(seed, key, absHour)
  );
}

/** Listing intensity multiplier of an item on a realm (some realms simply do not carry it). */
export function presence(seed: number, key: number, realmId: number): number {
  return Math.exp(0.8 * hashedNormal(seed, key, realmId, 11) - 0.32);
}

/** Price factor of a caged pet against its species' level-1 rare price. */
export function petPriceFactor(petLevel: number, petQuality: number): number {
  return (petLevel === 25 ? 1.6 : 1) * (petQuality === 3 ? 1 : petQuality === 2 ? 0.6 : 0.4);
}
