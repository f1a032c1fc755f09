import { REGION_LIST, type Region } from '@goldroute/domain';
import type { SnapshotEvent } from '@goldroute/domain/api';
import { lateRealmsOf, type MarketStore } from '../market/market-store';
import { snapshotEventId } from './snapshot-event-id';

/** How many events of each region a reconnecting tool can catch up on (a day is 24 at one an hour). */
export const EVENT_RING_SIZE = 50;

export interface SnapshotEventEntry {
  id: string;
  event: SnapshotEvent;
}

/** An open stream as the service sees it: where events go, and how shutdown ends it. */
export interface EventStream {
  send(entry: SnapshotEventEntry): void;
  end(): void;
}

/**
 * Turns every publish of the market store into a snapshot event for the open streams of its region, and
 * keeps the last few per region for Last-Event-ID replay. The store hears every publish of this process,
 * a web process's included (the snapshot relay publishes the worker's snapshots into it), so each
 * process serves its own streams from its own store.
 */
export function createSnapshotEvents(store: MarketStore, ringSize = EVENT_RING_SIZE) {
  const rings = new Map<Region, SnapshotEventEntry[]>();
  const previousTimes = new Map<Region, Readonly<Record<string, number>>>();
  const streams = new Map<Region, Set<EventStream>>();

  function record(region: Region): SnapshotEventEntry | undefined {
    const market = store.current(region);
    if (!market) return undefined;
    const { realmTimes } = market.meta;
    const id = snapshotEventId(market.lastModified, realmTimes, market.meta.lateRealms ?? []);
    const ring = rings.get(region) ?? [];
    // The same dumps published again (a process catching up, a cache warm-up) are no news to a tool.
    if (ring.at(-1)?.id === id) return undefined;
    const before = previousTimes.get(region);
    const realmsChanged = Object.entries(realmTimes).filter(([realm, time]) =>
      before ? before[realm] !== time : time > 0,
    ).length;
    previousTimes.set(region, realmTimes);
    const entry: SnapshotEventEntry = {
      id,
      event: {
        region,
        lastModified: market.lastModified,
        realmsChanged,
        lateRealms: lateRealmsOf(store, region, market),
      },
    };
    ring.push(entry);
    if (ring.length > ringSize) ring.shift();
    rings.set(region, ring);
    return entry;
  }

  // Snapshots published before this service existed (a start from the data directory or from Redis).
  for (const region of REGION_LIST) record(region);
  // Heard first: warming the new snapshot's answers takes a while, and the open tools need not wait for it.
  store.onPublish(
    (region) => {
      const entry = record(region);
      if (entry) for (const stream of streams.get(region) ?? []) stream.send(entry);
    },
    { first: true },
  );

  return {
    /** The region's newest event; undefined before its first snapshot. */
    current: (region: Region): SnapshotEventEntry | undefined => rings.get(region)?.at(-1),

    /**
     * What a tool reconnecting with `lastEventId` missed: the events after it, none when it is the newest,
     * and the current state alone when the id is unknown here (empty, older than the ring, or from before
     * a restart). Nothing before the region's first snapshot.
     */
    since(region: Region, lastEventId: string): SnapshotEventEntry[] {
      const ring = rings.get(region) ?? [];
      const at = ring.findLastIndex((e) => e.id === lastEventId);
      if (at >= 0) return ring.slice(at + 1);
      return ring.slice(-1);
    },

    /** Adds a stream to its region's fan-out; the returned function takes it out. */
    open(region: Region, stream: EventStream): () => void {
      const open = streams.get(region) ?? new Set<EventStream>();
      open.add(stream);
      streams.set(region, open);
      return () => void open.delete(stream);
    },

    /** Streams open in this process, all regions. */
    openStreams: (): number => [...streams.values()].reduce((n, open) => n + open.size, 0),

    /** Ends every open stream (shutdown: the server waits for open connections before it closes). */
    endAll(): void {
      for (const open of streams.values()) for (const stream of [...open]) stream.end();
    },
  };
}

export type SnapshotEvents = ReturnType<typeof createSnapshotEvents>;
