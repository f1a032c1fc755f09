// Whole runs of bytes to and from a file at an offset: writeSync and readSync may move fewer bytes
// than asked, so both loop (past-day-files.ts, kept-shelf.ts).
import { readSync, writeSync } from 'node:fs';

export function writeAt(fd: number, bytes: Uint8Array, at: number): void {
  for (let done = 0; done < bytes.byteLength;)
    done += writeSync(fd, bytes, done, bytes.byteLength - done, at + done);
}

/** Fills `into` from the file at `at`; `what` names the file in the error when it ends first. */
export function readAt(fd: number, into: Uint8Array, at: number, what: string): void {
  for (let done = 0; done < into.byteLength;) {
    const got = readSync(fd, into, done, into.byteLength - done, at + done);
    if (got === 0) throw new Error(`${what} ends before its bytes`);
    done += got;
  }
}
