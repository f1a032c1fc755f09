// Which dump the simulator server answers, and stamped when. Manual mode: every realm at the hour the
// caller set, stamped with the schedule's publication time of that hour. Scheduled mode: the wall clock
// decides, realm by realm, through the publication schedule (publication.ts).
import type { Economy } from './economy';
import type { VisibleDump } from './publication';
import type { RegionCode } from './realms';

const REGIONS: readonly RegionCode[] = ['us', 'eu'];
/** Manual mode's "now" is at least this far into the hour (of a real-length hour). */
const MANUAL_NOW_MS = 10 * 60_000;

export interface DumpClock {
  /** Manual: the hour set. Scheduled: the newest hour whose batch has started in either region. */
  hour(): number;
  /** Simulated wall-clock time, ms. */
  now(): number;
  /** The dump a realm shows now. */
  auctions(region: RegionCode, realmId: number): VisibleDump;
  /** The commodities file the region shows now. */
  commodities(region: RegionCode): VisibleDump;
  /** The dump a realm showed at a past moment `atMs` (manual mode: no realm is ever left behind). */
  shownAt(region: RegionCode, realmId: number, atMs: number): VisibleDump;
  /** The hour the region's TSM rows describe: the newest batch's. */
  regionHour(region: RegionCode): number;
  setHour(hour: number): void;
}

export function manualClock(economy: Economy, initialHour: number): DumpClock {
  let hour = initialHour;
  const { schedule } = economy;
  return {
    hour: () => hour,
    // Ten minutes into the hour, and after every realm and commodities file of both regions published.
    now() {
      let last = economy.hourTime(hour) + MANUAL_NOW_MS * (economy.hourMs / 3_600_000);
      for (const region of REGIONS) {
        const batch = schedule.batch(region, hour);
        last = Math.max(last, batch.lastPublishedAt + 1000, batch.commoditiesAt + 1000);
      }
      return last;
    },
    auctions: (region, realmId) => ({ hour, publishedAt: economy.lastModified(region, realmId, hour) }),
    commodities: (region) => ({ hour, publishedAt: schedule.commoditiesAt(region, hour) }),
    shownAt: (region, realmId, atMs) => schedule.visibleDump(region, realmId, atMs, false),
    regionHour: () => hour,
    setHour(h) {
      hour = h;
    },
  };
}

export function scheduledClock(economy: Economy, clock: () => number): DumpClock {
  const { schedule } = economy;
  return {
    hour() {
      const now = clock();
      return Math.max(...REGIONS.map((region) => schedule.newestBatchHour(region, now)));
    },
    now: clock,
    auctions: (region, realmId) => schedule.visibleDump(region, realmId, clock()),
    commodities: (region) => schedule.visibleCommodities(region, clock()),
    shownAt: (region, realmId, atMs) => schedule.visibleDump(region, realmId, atMs),
    regionHour: (region) => schedule.newestBatchHour(region, clock()),
    setHour() {
      throw new Error('The simulator follows its clock: setHour and advanceHour are for the manual mode');
    },
  };
}
