import type { SnapshotBuilderOptions } from '@goldroute/market';
import type { Economy } from '@goldroute/simulator';

/** The snapshot builder options of a simulated region with evidence on, and its connected realm ids. */
export function builderOptionsOf(economy: Economy, region: 'us' | 'eu' = 'us') {
  const { items, pets, realms } = economy.staticData(region);
  const options: SnapshotBuilderOptions = {
    region,
    realms,
    items,
    pets,
    bonusData: economy.bonusData,
    evidence: true,
  };
  return { options, realmIds: realms.map((r) => r.id) };
}
