import { REGION_LIST } from '@goldroute/domain';
import type { RealmsResponse } from '@goldroute/domain/api';
import { useQueries } from '@tanstack/react-query';
import { realmsQueryOptions } from '../../shared/realms';
import type { RealmNames } from './timer-rows';

// Module level, so the combined map is only rebuilt when a list changes.
function combine(results: readonly { data?: RealmsResponse }[]): RealmNames {
  const names: RealmNames = {};
  REGION_LIST.forEach((region, index) => {
    const realms = results[index]?.data;
    if (realms) names[region] = new Map(realms.map((realm) => [realm.id, realm.label]));
  });
  return names;
}

/** Realm id -> name for both regions, from the public realm lists; a list that fails leaves ids shown. */
export function useRealmNames(): RealmNames {
  return useQueries({
    queries: REGION_LIST.map((region) => realmsQueryOptions(region)),
    combine,
  });
}
