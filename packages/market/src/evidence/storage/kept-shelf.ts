// Where each realm's kept snapshot (kept-snapshot.ts) stays between its hours: in memory by default;
// the server keeps them in files, one per realm, so that the ~100 MB of a full region's snapshots sit
// in the operating system's file cache and not in the process. A snapshot is read back twice an hour
// (the next observe follows it; the build's listing pass reads it), into buffers the shelf owns and
// shares among its realms: only one realm's snapshot of a shelf is in the process at a time (its
// builder observes and reads them one after another), and the next observe writes the new snapshot
// into the same buffers (the previous one is no longer read by then), so nothing is allocated from
// hour to hour. Two shelves never share buffers.

import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  columnBytes,
  keptColumnOrder,
  type KeptBuffers,
  keptBufferBytes,
  keptColumns,
  keptHeader,
  type KeptSnapshot,
  ownBuffers,
} from '../kept-snapshot';
import { readAt, writeAt } from './file-bytes';

/** A realm's last snapshot as held. */
export interface KeptHold {
  readonly hourMs: number;
  readonly count: number;
  /** Bytes the process holds for it (0 when in a file: the shelf's buffers are counted by no realm). */
  readonly byteLength: number;
  /** The snapshot; read from a file into the shelf's buffers, valid until the next snapshot is read. */
  snapshot(): KeptSnapshot;
}

/** Where one realm keeps its snapshot: each put replaces the one before. */
export interface KeptSlot {
  put(snapshot: KeptSnapshot): KeptHold;
  /** The buffers keepSnapshot writes a new snapshot to. */
  readonly buffers: KeptBuffers;
}

export interface KeptShelf {
  /** The slot of a connected realm (the same for every call with that realm). */
  slot(connectedRealmId: number): KeptSlot;
}

/** Keeps each snapshot as it is, with buffers of its own. */
export const memoryKeptSlot: KeptSlot = {
  put: (s) => ({
    hourMs: s.hourMs,
    count: s.count,
    byteLength: s.auctionBuffer.byteLength + s.groupBuffer.byteLength,
    snapshot: () => s,
  }),
  buffers: ownBuffers,
};

/** The buffers a shelf's realms read their snapshots into and write them to; they only grow. */
class SharedBuffers {
  private auction = new ArrayBuffer(0);
  private group = new ArrayBuffer(0);

  /** The buffer of that kind with room for `bytes` (a quarter more when it grows). */
  buffer(kind: 'auction' | 'group', bytes: number): ArrayBuffer {
    if (this[kind].byteLength < bytes) this[kind] = new ArrayBuffer(bytes + (bytes >> 2));
    return this[kind];
  }

  get byteLength(): number {
    return this.auction.byteLength + this.group.byteLength;
  }
}

/** A shelf of kept snapshots in files, with what the process holds for them all. */
export interface KeptSnapshotFiles extends KeptShelf {
  /** Bytes of the buffers the shelf's realms share: what the process holds for its snapshots. */
  sharedBytes(): number;
  close(): void;
}

/** One file per realm under `dir` (emptied when made: the snapshots are rebuilt from the next dumps). */
export function createKeptSnapshotFiles(dir: string): KeptSnapshotFiles {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shared = new SharedBuffers();
  const sharedBuffers: KeptBuffers = (kind, _old, bytes) => shared.buffer(kind, bytes);
  const slots = new Map<number, { slot: KeptSlot; close(): void }>();
  const fileSlot = (connectedRealmId: number) => {
    const file = path.join(dir, `${connectedRealmId}.bin`);
    let fd: number | null = null;
    /** Bumped by each put: a hold of an earlier snapshot must not read the file again. */
    let version = 0;
    const slot: KeptSlot = {
      buffers: sharedBuffers,
      put(s: KeptSnapshot): KeptHold {
        fd ??= openSync(file, 'w+');
        const out = fd;
        let at = 0;
        for (const column of keptColumnOrder(s)) {
          const bytes = columnBytes(column);
          writeAt(out, bytes, at);
          at += bytes.byteLength;
        }
        const mine = ++version;
        const header = keptHeader(s);
        const { hourMs, count } = header;
        const m = s.variants.length;
        return {
          hourMs,
          count,
          byteLength: 0,
          snapshot(): KeptSnapshot {
            if (mine !== version)
              throw new Error(`realm ${connectedRealmId}: its kept snapshot was replaced`);
            const need = keptBufferBytes(count, m);
            const auctionBuffer = shared.buffer('auction', need.auction);
            const groupBuffer = shared.buffer('group', need.group);
            const columns = keptColumns(auctionBuffer, groupBuffer, count, m);
            let from = 0;
            for (const column of keptColumnOrder(columns)) {
              const into = columnBytes(column);
              readAt(out, into, from, `realm ${connectedRealmId}: kept snapshot file`);
              from += into.byteLength;
            }
            return { ...header, ...columns, auctionBuffer, groupBuffer };
          },
        };
      },
    };
    return {
      slot,
      close: () => {
        if (fd !== null) closeSync(fd);
      },
    };
  };
  return {
    slot(connectedRealmId: number): KeptSlot {
      let entry = slots.get(connectedRealmId);
      if (!entry) slots.set(connectedRealmId, (entry = fileSlot(connectedRealmId)));
      return entry.slot;
    },
    sharedBytes: () => shared.byteLength,
    close(): void {
      for (const entry of slots.values()) entry.close();
      slots.clear();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
