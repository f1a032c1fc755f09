// Past days kept in files (past-day-shelf.ts): one file per UTC day, to which every realm's compacted
// day is appended, read back at its offset when the build needs it. The files are a cache of what the
// database holds in full: the directory is emptied when the shelf is made (a restart restores the
// evidence from the database and shelves its past days again), and a day's file is removed once no
// realm holds that day.

import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readAt, writeAt } from './file-bytes';
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
      writeAt(file.fd, bytes, at);
      file.size += length;
      return {
        byteLength: length,
        inMemory: false,
        read(into: Uint8Array): Uint8Array {
          const bytes = into.subarray(0, length);
          readAt(file.fd, bytes, at, `past day file ${day}`);
          return bytes;
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
