// The rules of the simulated auction house, in one place: how long auctions run, who buys what,
// how often sellers cancel, and the known rates at which dead listings and bait are planted. The
// ground truth (truth.ts) reports these so benchmarks can state what they were measured against.
import type { Population } from './realms';

export const MINUTES_PER_HOUR = 60;

/** Posting durations Blizzard offers (hours), and how often sellers pick each. */
export const DURATIONS_HOURS = [12, 24, 48] as const;
export const DURATION_WEIGHTS = [20, 30, 50];

/**
 * A realm's `auctionVolume` (auctions per dump) divided by its new normal postings per hour. Normal
 * listings stay about 29 h (most run their time out, some sell or are cancelled); with the dead
 * listings and bait on top, a dump holds about `auctionVolume` auctions.
 */
export const STOCK_HOURS_PER_POSTING = 31;

/** Share of new normal postings that undercut: priced 0.97-1.04x the going rate, the rest above it. */
export const UNDERCUT_SHARE = 0.3;
/** Above-rate postings are 1 + Exp(mean 0.35) times the going rate (a long tail of hopeful prices). */
export const OVERPRICE_MEAN = 0.35;

/**
 * Buyers pay at most this multiple of the going rate: a listing priced above it never sells. Between
 * 1x and this ceiling the chance to sell falls linearly to zero, so cheaper listings go first.
 */
export const BUY_CEILING = 1.25;

/**
 * Chance that a listing at or below the going rate sells within 24 h, from the item's TSM sale rate
 * (share of postings that sell, 0-0.6): popular items sell in hours, rare ones in days or never.
 */
export function dailySaleChance(tsmSaleRate: number): number {
  return Math.min(0.9, 0.12 + 3 * tsmSaleRate);
}

/** Buyers per listing on a realm against a typical realm: more players, more buyers. */
export const POPULATION_DEMAND: Readonly<Record<Population, number>> = {
  LOW: 0.6,
  MEDIUM: 0.85,
  HIGH: 1.15,
  FULL: 1.45,
};
/** Log-normal spread of demand per (item, realm): an item can be in fashion on one realm only. */
export const DEMAND_SIGMA = 0.35;

/**
 * Hourly chance that the seller of a normal listing cancels it: a small rate (about 3% of listings),
 * yet a cancelled auction vanishes from the dumps just like a bought one.
 */
export const CANCEL_RATE_PER_HOUR = 0.001;

/**
 * Dead listings: a share of new postings is priced 3-10x the going rate (log-uniform), posted for
 * 48 h, never sells, is never cancelled, and at expiry is relisted at the same price (a new auction
 * id) with RELIST_CHANCE, at most MAX_RELISTS times: such a listing sits for days (up to 10).
 */
export const DEAD_POSTING_SHARE = 0.008;
export const DEAD_PRICE_RANGE = [3, 10] as const;
export const DEAD_DURATION_HOURS = 48;
export const RELIST_CHANCE = 0.6;
export const MAX_RELISTS = 4;

/**
 * Bait and snipes: per (item, realm, hour) this chance of one lone auction at 4-24% of the going
 * rate (the fake deals of the stateless simulator). Someone always buys it within the hour, so it
 * is in exactly one dump.
 */
export const BAIT_CHANCE_PER_ITEM_HOUR = 0.006;
export const BAIT_PRICE_RANGE = [0.04, 0.24] as const;

export type TimeLeft = 'SHORT' | 'MEDIUM' | 'LONG' | 'VERY_LONG';
export const TIME_LEFT_ORDER: readonly TimeLeft[] = ['SHORT', 'MEDIUM', 'LONG', 'VERY_LONG'];

/** Blizzard's time_left for the minutes an auction has left: < 30 min, 30 min-2 h, 2-12 h, 12-48 h. */
export function timeLeft(minutesLeft: number): TimeLeft {
  if (minutesLeft < 30) return 'SHORT';
  if (minutesLeft < 120) return 'MEDIUM';
  if (minutesLeft < 720) return 'LONG';
  return 'VERY_LONG';
}
