import type { Region } from '@goldroute/domain';
import type { Realm, RealmsResponse, User } from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// A user's realm lists as the settings save them and the tools, the realm statistics and the admin pages
// read them.

export const realmsPath = (region: Region) => `/shared/data/realms/${region}`;

/** The realm groups offered on /config (public; 503 while the server is still loading them). */
export const realmsQueryOptions = (region: Region) =>
  queryOptions({
    queryKey: ['realms', region],
    queryFn: ({ signal }) => apiRequest<RealmsResponse>(realmsPath(region), { signal }),
    staleTime: 10 * 60 * 1000,
  });

export type RealmListKey =
  'retailBuyingRealmsUS' | 'retailSellingRealmsUS' | 'retailBuyingRealmsEU' | 'retailSellingRealmsEU';

/** The user's two realm-list fields for a region. */
export function realmListKeys(region: Region): { buying: RealmListKey; selling: RealmListKey } {
  return region === 'us'
    ? { buying: 'retailBuyingRealmsUS', selling: 'retailSellingRealmsUS' }
    : { buying: 'retailBuyingRealmsEU', selling: 'retailSellingRealmsEU' };
}

export interface RealmSelection {
  buying: number[];
  selling: number[];
}

export function savedSelection(user: User | null, region: Region): RealmSelection {
  const keys = realmListKeys(region);
  return { buying: [...(user?.[keys.buying] ?? [])], selling: [...(user?.[keys.selling] ?? [])] };
}

/** SPEC §2: the tools open only once the region has a buying and a selling realm saved. */
export function hasSavedRealms(user: User | null, region: Region): boolean {
  const saved = savedSelection(user, region);
  return saved.buying.length > 0 && saved.selling.length > 0;
}

/** "HIGH" -> "High". */
export function populationName(population: string): string {
  const lower = population.toLowerCase().replace(/_/g, ' ');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export function realmOptionLabel(realm: Realm): string {
  return `${realm.label} (${populationName(realm.population)})`;
}
