import { createHash } from 'node:crypto';

/**
 * The id of a snapshot event, the same in every process that publishes the same snapshot (a web process
 * receives the worker's through the relay): the snapshot's time (lastModified), then a short hash of every realm's dump
 * time and of the late realms. A process counter would differ between the processes behind a load
 * balancer, and a reconnecting browser's Last-Event-ID would then name the wrong event.
 */
export function snapshotEventId(
  lastModified: number,
  realmTimes: Readonly<Record<string, number>>,
  lateRealmIds: readonly number[],
): string {
  const times = Object.entries(realmTimes).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
  const late = [...lateRealmIds].sort((a, b) => a - b);
  const digest = createHash('sha256')
    .update(JSON.stringify([times, late]))
    .digest('base64url');
  return `${lastModified}-${digest.slice(0, 10)}`;
}
