// Money inside the engine is integer copper; gold appears only at the output boundary.
import { AH_CUT } from '@goldroute/domain';

export const COPPER_PER_GOLD = 10_000;

/** The one copper -> gold conversion used for every output figure. */
export function toGold(copper: number): number {
  return copper / COPPER_PER_GOLD;
}

export function goldToCopper(gold: number): number {
  return Math.round(gold * COPPER_PER_GOLD);
}

/** Percent of the sale the seller keeps (95 for the domain's 5% cut). */
const KEEP_PERCENT = Math.round((1 - AH_CUT) * 100);

/**
 * What a seller receives after the 5% auction-house cut, in whole copper (rounded half up):
 * round(copper x 0.95) computed exactly in integers.
 */
export function afterAhCut(copper: number): number {
  return Math.floor((copper * KEEP_PERCENT + 50) / 100);
}

/** Per-unit price of a stack, in whole copper, never below 1. */
export function unitPrice(buyout: number, quantity: number): number {
  return Math.max(1, Math.round(buyout / quantity));
}
