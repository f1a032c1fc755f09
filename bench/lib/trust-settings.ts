// What the trust benchmark runs: the seed, size and days, overridable from the environment for a quick
// look (BENCHMARKS.md is only written with the defaults), and the evaluation hours it scores.
import type { EconomySize, RegionCode } from '@goldroute/simulator';

export const COMMAND = 'npm run bench:trust --workspace bench';
export const SEED = Number(process.env.TRUST_SEED ?? 1);
export const SIZE: EconomySize = 'standard';
export const REGION: RegionCode = 'us';
/** Overrides for a quick look (the section in BENCHMARKS.md is only written with the defaults). */
export const DAYS = Number(process.env.TRUST_DAYS ?? 16);
export const REALM_LIMIT = Number(process.env.TRUST_REALMS ?? 0);
export const COST_SIZES = (process.env.TRUST_COST_SIZES ?? 'standard,full')
  .split(',')
  .filter((s): s is EconomySize => ['tiny', 'small', 'standard', 'full'].includes(s));
export const DEFAULTS =
  SEED === 1 && DAYS === 16 && REALM_LIMIT === 0 && process.env.TRUST_COST_SIZES === undefined;

export const HOURS = DAYS * 24;
export const EVAL_HOURS = Array.from({ length: 24 }, (_, k) => HOURS - 48 + 2 * k);
export const WINDOW_HOURS = 48;
export const TOP = 100;
export const COST_HOURS: Readonly<Record<EconomySize, number>> = { tiny: 6, small: 6, standard: 6, full: 4 };
/** Rounds of the cost measurement: each runs plain then with evidence, and gives one pair of figures. */
export const COST_ROUNDS = 7;
