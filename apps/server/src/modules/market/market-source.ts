import type { Region } from '@goldroute/domain';
import type { SnapshotSources } from '@goldroute/market';
import type { BlizzardClient } from '../../sources/blizzard';
import type { TsmClient } from '../../sources/tsm';
import type { TokenSample } from './token-prices.service';

/** Where market data comes from: clients for dumps, TSM and the token, plus static item data. */
export interface MarketSource {
  kind: 'simulator' | 'blizzard';
  blizzard: BlizzardClient;
  tsm: TsmClient;
  sources(region: Region): Promise<SnapshotSources>;
  /** Token history to fill an empty table with on first start, when the source has one. */
  tokenHistory?(region: Region): Promise<TokenSample[]>;
  close(): Promise<void>;
}
