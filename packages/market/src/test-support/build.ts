// Builds engine snapshots for tests from realm dumps (JSON text).
import type { MarketSnapshot } from '../snapshot';
import { SnapshotBuilder } from '../snapshot';
import type { BonusData, ItemInfo, PetInfo, RealmInfo, TsmRow } from '../types';
import type { RefDump } from './reference-market';

export interface MarketInput {
  realms: RealmInfo[];
  items: Map<number, ItemInfo>;
  pets: Map<number, PetInfo>;
  bonusData: BonusData;
  tsm: TsmRow[];
  dumps: RefDump[];
}

export function snapshotFrom(m: MarketInput, region = 'us'): MarketSnapshot {
  const builder = new SnapshotBuilder({
    region,
    realms: m.realms,
    items: m.items,
    pets: m.pets,
    bonusData: m.bonusData,
  });
  for (const d of m.dumps) builder.ingest(d.realmId, d.json);
  builder.setTsm(m.tsm);
  return builder.build();
}

/** A one-auction-per-entry dump: [itemId, unit price in gold, quantity?]. */
export function dump(realmId: number, auctions: readonly (readonly [number, number, number?])[]): RefDump {
  return {
    realmId,
    json: JSON.stringify({
      auctions: auctions.map(([id, gold, quantity = 1], k) => ({
        id: k + 1,
        item: { id },
        buyout: Math.round(gold * 10000) * quantity,
        quantity,
        time_left: 'LONG',
      })),
    }),
  };
}
