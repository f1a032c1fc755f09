// Large evidence values stored in parts. PGlite (the embedded default) encodes and runs each statement in
// one synchronous step on the thread that answers requests, and a realm's kept snapshot or evidence day
// reaches megabytes at full size: written as one statement it held that thread for up to 700 ms. Each
// value is written as parts of at most PART_BYTES, one statement each with a turn of the event loop
// between them. The parts of one write share a version; a reader takes a value only when every part of one
// version is there, so a write cut short (a crash between two parts) reads as no value, never as a mix.

/** Bytes per part (and per statement: evidence-store.ts groups small values up to the same size). */
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
 * The value of one key's stored parts: the newest version whose every part is there, joined; null when no
 * version is whole. Parts left from an older, longer write (a part number past the newer count) are ignored.
 */
export function joinParts(stored: readonly StoredPart[]): Uint8Array | null {
  const byVersion = new Map<number, StoredPart[]>();
  for (const p of stored) {
    const same = byVersion.get(p.version);
    if (same) same.push(p);
    else byVersion.set(p.version, [p]);
  }
  for (const version of [...byVersion.keys()].sort((a, b) => b - a)) {
    const parts = (byVersion.get(version) as StoredPart[]).sort((a, b) => a.part - b.part);
    const count = parts[0]?.parts ?? 0;
    const whole =
      parts.length >= count && parts.slice(0, count).every((p, i) => p.part === i && p.parts === count);
    if (!whole) continue;
    if (count === 1) return (parts[0] as StoredPart).bytes;
    const out = new Uint8Array(parts.slice(0, count).reduce((n, p) => n + p.bytes.byteLength, 0));
    let at = 0;
    for (const p of parts.slice(0, count)) {
      out.set(p.bytes, at);
      at += p.bytes.byteLength;
    }
    return out;
  }
  return null;
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
