import type { Region } from '@goldroute/domain';
import type { SnapshotSources } from '@goldroute/market';
import type { BlizzardClient } from '../../sources/blizzard';
import type { TsmClient } from '../../sources/tsm';
import type { RegisteredCache } from './cache-registry';
import type { MissingIds } from './item-catalog';
import type { PastDumpsRecipe } from './builder-thread/past-dumps-recipe';
import type { PastDumps } from './evidence-replay';
import type { TokenSample } from './token-prices.service';

/** Where market data comes from: clients for dumps, TSM and the token, plus static item data. */
export interface MarketSource {
  kind: 'simulator' | 'blizzard';
  blizzard: BlizzardClient;
  tsm: TsmClient;
  /**
   * Item, pet and bonus data for resolving variants. The same lookups while the data is unchanged; new
   * ones when known entries changed (the ingestor then resolves every variant afresh).
   */
  sources(region: Region): Promise<SnapshotSources>;
  /**
   * For sources whose item data is fetched on demand: fetches the ids the dumps list but the lookups
   * lack (the lookups grow). Returns how many became known.
   */
  learn?(region: Region, missing: MissingIds): Promise<number>;
  /**
   * The daily list refresh: fetches bonus data and the item lists again; throws naming those that failed,
   * which keep their last good copy.
   */
  refreshLists?(): Promise<void>;
  /** Caches of static data the admin page lists and refreshes. */
  caches?: readonly RegisteredCache[];
  /** Token history to fill an empty table with on first start, when the source has one. */
  tokenHistory?(region: Region): Promise<TokenSample[]>;
  /** How often the source publishes a region's batch, when it says (a simulator's hour); else learned. */
  batchIntervalMs?: number;
  /** Past hours' dumps, for sources that know them (the simulator): deal evidence is replayed from them. */
  past?(region: Region): PastDumps;
  /** How a builder thread makes the same past dumps itself (a function cannot cross threads). */
  pastRecipe?(region: Region): PastDumpsRecipe;
  close(): Promise<void>;
}
