// Past days kept in files (past-day-shelf.ts): one file per UTC day, to which every realm's compacted
// day is appended, read back at its offset when the build needs it. The files are a cache of what the
// database holds in full: the directory is emptied when the shelf is made (a restart restores the
// evidence from the database and shelves its past days again), and a day's file is removed once no
// realm holds that day.

import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PastDayShelf, ShelvedBytes } from './past-day-shelf';

interface DayFile {
  fd: number;
  size: number;
}

export function createPastDayFiles(dir: string): PastDayShelf & { close(): void } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = new Map<number, DayFile>();
  const fileOf = (day: number): DayFile => {
    let file = files.get(day);
    if (!file) files.set(day, (file = { fd: openSync(path.join(dir, `${day}.bin`), 'w+'), size: 0 }));
    return file;
  };
  const drop = (day: number, file: DayFile): void => {
    closeSync(file.fd);
    rmSync(path.join(dir, `${day}.bin`), { force: true });
    files.delete(day);
  };
  return {
    put(day: number, bytes: Uint8Array): ShelvedBytes {
      const file = fileOf(day);
      const at = file.size;
      const length = bytes.byteLength;
      for (let done = 0; done < length;) done += writeSync(file.fd, bytes, done, length - done, at + done);
      file.size += length;
      return {
        byteLength: length,
        inMemory: false,
        read(into: Uint8Array): Uint8Array {
          for (let done = 0; done < length;) {
            const got = readSync(file.fd, into, done, length - done, at + done);
            if (got === 0) throw new Error(`past day file ${day} ends before its bytes`);
            done += got;
          }
          return into.subarray(0, length);
        },
      };
    },
    keepOnly(held: ReadonlySet<number>): void {
      for (const [day, file] of files) if (!held.has(day)) drop(day, file);
    },
    close(): void {
      for (const [day, file] of files) drop(day, file);
    },
  };
}
