import type { Region } from '@goldroute/domain';
import { realmListKeys, type RealmSelection } from '../../shared/realms';

export const SETTINGS_PATHS = {
  settings: '/shared/users/settings',
  settingsPersonal: '/shared/users/settings-personal',
} as const;

/** PUT /shared/users/settings body: the region and its two lists as value strings (SPEC §3). */
export function settingsBody(region: Region, selection: RealmSelection) {
  const keys = realmListKeys(region);
  return {
    region,
    [keys.buying]: selection.buying.map(String),
    [keys.selling]: selection.selling.map(String),
  };
}
