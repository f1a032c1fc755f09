// Its own file because both the economy (item media) and the response builders need it.
import type { RegionCode } from './realms';

/** Icon URL as Blizzard's render service serves it. */
export function iconUrl(region: RegionCode, icon: string): string {
  return `https://render.worldofwarcraft.com/${region}/icons/56/${icon}.jpg`;
}
