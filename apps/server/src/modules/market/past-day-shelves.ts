// Where an ingesting process keeps its regions' past days of deal evidence (RealmEvidence.compactPast)
// and each realm's last kept snapshot (kept-shelf.ts): in files under DATA_DIR, so that the 13 past
// days of a region (about 160 MB at full size) and its realms' snapshots (about 100 MB) sit in the
// operating system's file cache rather than in the process. Each shelf has a directory of its own,
// past-days/<pid>-<random>, and the files are only a cache of the database: directories left by
// processes no longer running are removed when the next one starts. With an in-memory database
// (DATA_DIR memory://) the past days stay in memory too.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  createKeptSnapshotFiles,
  createPastDayFiles,
  type KeptShelf,
  memoryShelf,
  type PastDayShelf,
} from '@goldroute/market';

export interface PastDayShelves {
  shelf(region: string): PastDayShelf;
  /** Where the region's realms keep their last snapshots; undefined: in memory. */
  kept(region: string): KeptShelf | undefined;
  /** The directory shelf(region) opens, unopened (a builder thread opens its files); undefined: in memory. */
  pastDaysDir(region: string): string | undefined;
  /** The directory kept(region) opens, unopened; undefined: in memory. */
  keptDir(region: string): string | undefined;
  close(): void;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the shelves of processes no longer running. */
function removeStale(root: string): void {
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return;
  }
  for (const name of entries) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !running(pid)) {
      rmSync(path.join(root, name), { recursive: true, force: true });
    }
  }
}

export function openPastDayShelves(dataDir: string): PastDayShelves {
  if (dataDir === 'memory://')
    return {
      shelf: () => memoryShelf,
      kept: () => undefined,
      pastDaysDir: () => undefined,
      keptDir: () => undefined,
      close: () => {},
    };
  const root = path.resolve(dataDir, 'past-days');
  removeStale(root);
  const dir = path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  const open: { close(): void }[] = [];
  const pastDaysDir = (region: string) => path.join(dir, region);
  const keptDir = (region: string) => path.join(dir, `${region}-kept`);
  return {
    pastDaysDir,
    keptDir,
    shelf(region: string): PastDayShelf {
      const files = createPastDayFiles(pastDaysDir(region));
      open.push(files);
      return files;
    },
    kept(region: string): KeptShelf {
      const files = createKeptSnapshotFiles(keptDir(region));
      open.push(files);
      return files;
    },
    close(): void {
      for (const files of open) files.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
