// The banner's line on realms whose dump did not change with the rest of the last batch, with the age of
// the data each still shows. Compact: a phone's banner is one or two lines.
import type { LateRealm } from '@goldroute/domain/api';

/** Realms named on the banner; the rest are counted. */
export const LATE_REALMS_LISTED = 3;

/** "1 h 12 min", "2 h", "45 min", "0 min". */
export function formatAge(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * "2 realms have not updated with the last batch: Kazzak (1 h 12 min), Draenor (1 h 12 min)", the oldest
 * first; null without late realms.
 */
export function lateRealmsText(lateRealms: readonly LateRealm[], nowSeconds: number): string | null {
  if (lateRealms.length === 0) return null;
  const oldestFirst = [...lateRealms].sort((a, b) => a.lastModified - b.lastModified);
  const listed = oldestFirst
    .slice(0, LATE_REALMS_LISTED)
    .map((realm) => `${realm.label} (${formatAge(nowSeconds - realm.lastModified)})`);
  const more = oldestFirst.length - listed.length;
  const count = oldestFirst.length === 1 ? '1 realm has' : `${oldestFirst.length} realms have`;
  return `${count} not updated with the last batch: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
