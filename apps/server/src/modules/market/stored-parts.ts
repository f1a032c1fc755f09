// Large evidence values stored in parts. PGlite (the embedded default) runs one statement at a time, and a
// realm's kept snapshot or evidence day reaches megabytes at full size: written as one statement it kept
// every other call waiting for the database for up to 700 ms (and held the calling thread as long where
// PGlite runs in it: the in-memory databases of tests). Each value is written as parts of at most
// PART_BYTES, one statement each with a turn of the event loop between them. The parts of one write share a
// version; a reader takes a value only when every part of one version is there, so a write cut short (a
// crash between two parts) reads as no value, never as a mix.

/**
 * Bytes per part (and per statement: evidence-store.ts groups small values up to the same size). A call
 * that needs the database while evidence is written waits for at most one such statement.
 */
export const PART_BYTES = 256 * 1024;

/** One part as stored. */
export interface StoredPart {
  part: number;
  parts: number;
  version: number;
  bytes: Uint8Array;
}

let lastVersion = 0;

/** A version no earlier write of this process used; increasing, and unlikely to meet another process's. */
export function nextVersion(): number {
  lastVersion = Math.max(lastVersion + 1, Date.now() * 1000 + Math.floor(Math.random() * 1000));
  return lastVersion;
}

/** How many parts a value of these bytes is stored in (an empty value is one empty part). */
export const partCount = (bytes: Uint8Array): number => Math.max(1, Math.ceil(bytes.byteLength / PART_BYTES));

/** The parts of one value, views on its bytes. */
export function splitParts(bytes: Uint8Array, version: number): StoredPart[] {
  const parts = partCount(bytes);
  return Array.from({ length: parts }, (_, part) => ({
    part,
    parts,
    version,
    bytes: bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES),
  }));
}

/**
 * The value of one key's stored parts, joined; null when it is not whole. A part's number is its key, so
 * each write replaces the parts it reaches: the value is part 0's write, whole when every part of that
 * write's count is there with its version. Parts left past that count by an older, longer write are ignored.
 */
export function joinParts(stored: readonly StoredPart[]): Uint8Array | null {
  const byNumber = new Map(stored.map((p) => [p.part, p]));
  const first = byNumber.get(0);
  if (!first) return null;
  const parts: StoredPart[] = [];
  for (let i = 0; i < first.parts; i++) {
    const p = byNumber.get(i);
    if (!p || p.version !== first.version || p.parts !== first.parts) return null;
    parts.push(p);
  }
  if (parts.length === 1) return first.bytes;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.bytes.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p.bytes, at);
    at += p.bytes.byteLength;
  }
  return out;
}

/** Stored parts grouped by key, each group joined (keys whose parts are not whole are left out). */
export function joinGrouped<K>(rows: readonly (StoredPart & { key: K })[], keyOf: (key: K) => string) {
  const groups = new Map<string, { key: K; parts: StoredPart[] }>();
  for (const row of rows) {
    const id = keyOf(row.key);
    const group = groups.get(id);
    if (group) group.parts.push(row);
    else groups.set(id, { key: row.key, parts: [row] });
  }
  const out: { key: K; bytes: Uint8Array }[] = [];
  for (const { key, parts } of groups.values()) {
    const bytes = joinParts(parts);
    if (bytes) out.push({ key, bytes });
  }
  return out;
}
