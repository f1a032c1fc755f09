// How a worker makes the past dumps an evidence replay reads (evidence-replay.ts PastDumps): a function
// cannot cross threads, so the worker builds the same seeded simulator economy as the embedded source
// and generates each past hour itself, off the thread that answers requests. The dump of a past hour is
// the one the simulator server showed then (SimulatorServer.shownAt), read from the economy's schedule.
import { createEconomy, type EconomySize, type RegionCode } from '@goldroute/simulator';
import type { PastDumps } from '../evidence-replay';

export interface PastDumpsRecipe {
  kind: 'simulator';
  seed: number;
  size: EconomySize;
  /** The economy's startTime, as the embedded source created it (its hours count from there). */
  startTime: number;
  /** The economy's simulated hour, ms (SIMULATOR_HOUR_SECONDS). */
  hourMs: number;
  region: RegionCode;
  days: number;
  /**
   * The server follows the publication schedule (scheduled mode): a realm left behind at a moment
   * showed its older dump. Manual mode (tests): never left behind.
   */
  leaveBehind: boolean;
}

export function pastDumpsOf(recipe: PastDumpsRecipe): PastDumps {
  const { seed, size, startTime, hourMs, region } = recipe;
  const economy = createEconomy({ seed, size, startTime, hourMs });
  return {
    days: recipe.days,
    dump(realmId: number, atMs: number) {
      const published = economy.lastModified(region, realmId, economy.hourAt(atMs));
      const shown = economy.schedule.visibleDump(region, realmId, published, recipe.leaveBehind);
      return {
        body: economy.auctionsJson(region, realmId, shown.hour),
        lastModified: shown.publishedAt,
      };
    },
  };
}
