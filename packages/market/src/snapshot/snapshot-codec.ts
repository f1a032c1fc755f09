// A snapshot as one binary buffer, so a worker can hand it to other processes (through Redis) and they
// search it without rebuilding it from dumps. Layout:
//   0  "GRSN"  4  format version  8  total bytes  12  header bytes (its JSON and the variant chunks)
//   16  CRC-32 of bytes 24..end  20  bytes of the header's JSON
//   24 header: JSON with the plain fields, realms, the string list and column and variant chunk lengths;
//      then the variants as JSON chunks of at most VARIANTS_PER_CHUNK (one array per variant, repeated
//      strings such as names and icons by index into the string list), so that a decode can parse them
//      a chunk at a time (a full region's variants parsed in one go held the event loop for a second)
//   then every typed-array column, each starting on an 8-byte boundary (platform byte order: little-endian)
// Decoding makes typed-array views on the buffer's memory rather than copies (a region is tens of MB).
import { crc32 } from 'node:zlib';
import { TRADE_ITEM_VARIANT_FIELDS } from '@goldroute/domain';
import type { MarketSnapshot, SnapshotParts, SnapshotVariant } from './market-snapshot';
import { frozen, indexVariants, restoreSnapshot, variantOf } from './market-snapshot';
import type { RealmInfo } from '../types';

const MAGIC = 'GRSN';
// 2: the evidence columns (deal trust); 3: the realm's low quartile; 4: those two as Float32; 5: quantities
// as Uint16; 6: the item floor; 7: the hours the lowest listing was posted for; 8: the late realms;
// 9: the variants in chunks after the header's JSON
const VERSION = 9;
/** Variants per JSON chunk: a few milliseconds of parsing each. */
const VARIANTS_PER_CHUNK = 1_000;
const PREFIX_BYTES = 24;
const ALIGN = 8;

const COLUMNS = {
  realmIds: Int32Array,
  realmAuctions: Float64Array,
  realmHasData: Uint8Array,
  saleRate: Float64Array,
  avgSale: Float64Array,
  groupOf: Int32Array,
  offsets: Uint32Array,
  entryRealm: Uint16Array,
  entryPrice: Float64Array,
  entryQuantity: Float64Array,
  entryAge: Uint16Array,
  entryNearListings: Uint16Array,
  entryNearQuantity: Uint16Array,
  entryLowestQuantity: Uint16Array,
  entrySales: Uint16Array,
  entryMedian: Float32Array,
  entryLowQuartile: Float32Array,
  entryItemFloor: Float32Array,
  entryPostedHours: Uint8Array,
  realmModified: Float64Array,
  realmLate: Uint8Array,
  realmHoursObserved: Uint16Array,
  rawOffsets: Uint32Array,
  rawIds: Int32Array,
} as const;
type ColumnName = keyof typeof COLUMNS;
const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[];

/** The fields a snapshot variant adds to those of a trade item, each placed after the one named. */
const ADDED_AFTER = { id: 'itemId', quality: 'qualityId' } as const;
type VariantField =
  (typeof TRADE_ITEM_VARIANT_FIELDS)[number] | (typeof ADDED_AFTER)[keyof typeof ADDED_AFTER] | 'groupKey';

/**
 * Every field of a variant, in the order of its JSON array: the trade item's (TradeItem order), with
 * the item id after the id, the quality id after the quality, and the dropship group key last.
 */
const VARIANT_FIELDS: readonly VariantField[] = [
  ...TRADE_ITEM_VARIANT_FIELDS.flatMap((f): VariantField[] =>
    f in ADDED_AFTER ? [f, ADDED_AFTER[f as keyof typeof ADDED_AFTER]] : [f],
  ),
  'groupKey',
];
/** Fields whose few distinct values repeat across variants: written once, in `strings`, and referred to by index. */
const SHARED_FIELDS: ReadonlySet<string> = new Set(['name', 'class', 'subclass', 'mediaURL', 'quality']);
const LIST_FIELDS: ReadonlySet<string> = new Set(['bonus', 'sockets', 'tertiaryStats', 'craftedStats']);
// Compiles only while VARIANT_FIELDS lists every field of SnapshotVariant.
const _everyField: Record<Exclude<keyof SnapshotVariant, VariantField>, never> = {};
void _everyField;

interface Header {
  region: string;
  lastModified: number;
  groupCount: number;
  realms: RealmInfo[];
  unknownItemIds: number[];
  unknownPetSpecies: number[];
  unknownLevelAuctions: number;
  unknownBonusIds: number[];
  variantFields: string[];
  strings: string[];
  /** Byte length of each variant chunk, in order (VARIANTS_PER_CHUNK variants each, the last fewer). */
  variantChunks: number[];
  /** [name, element count] of each column, in COLUMNS order. */
  columns: [string, number][];
}

export class SnapshotCodecError extends Error {
  constructor(problem: string) {
    super(`Not a usable market snapshot buffer: ${problem}`);
    this.name = 'SnapshotCodecError';
  }
}

const utf8 = new TextDecoder();
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const aligned = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

function requireLittleEndian(): void {
  if (!LITTLE_ENDIAN) throw new SnapshotCodecError('this platform is big-endian');
}

/** Byte offset of every column after the header, and the total length. */
function layout(headerBytes: number, lengths: readonly number[]): { starts: number[]; total: number } {
  let at = aligned(PREFIX_BYTES + headerBytes);
  const starts = lengths.map((length, i) => {
    const start = at;
    at = aligned(at + length * COLUMNS[COLUMN_NAMES[i] as ColumnName].BYTES_PER_ELEMENT);
    return start;
  });
  return { starts, total: at };
}

export function encodeSnapshot(snapshot: MarketSnapshot): Buffer {
  requireLittleEndian();
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const shared = (text: string) => {
    let i = indexOf.get(text);
    if (i === undefined) indexOf.set(text, (i = strings.push(text) - 1));
    return i;
  };
  const rows = snapshot.variants.map((v) =>
    VARIANT_FIELDS.map((f) => (SHARED_FIELDS.has(f) ? shared(v[f] as string) : v[f])),
  );
  const chunks: Buffer[] = [];
  for (let at = 0; at < rows.length; at += VARIANTS_PER_CHUNK)
    chunks.push(Buffer.from(JSON.stringify(rows.slice(at, at + VARIANTS_PER_CHUNK))));
  const header: Header = {
    region: snapshot.region,
    lastModified: snapshot.lastModified,
    groupCount: snapshot.groupCount,
    realms: [...snapshot.realms],
    unknownItemIds: [...snapshot.unknownItemIds],
    unknownPetSpecies: [...snapshot.unknownPetSpecies],
    unknownLevelAuctions: snapshot.unknownLevelAuctions,
    unknownBonusIds: [...snapshot.unknownBonusIds],
    variantFields: [...VARIANT_FIELDS],
    strings,
    variantChunks: chunks.map((c) => c.length),
    columns: COLUMN_NAMES.map((name) => [name, snapshot[name].length]),
  };
  const json = Buffer.from(JSON.stringify(header));
  const headerBytes = chunks.reduce((n, c) => n + c.length, json.length);
  const { starts, total } = layout(
    headerBytes,
    header.columns.map(([, length]) => length),
  );
  const out = Buffer.alloc(total);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(VERSION, 4);
  out.writeUInt32LE(total, 8);
  out.writeUInt32LE(headerBytes, 12);
  out.writeUInt32LE(json.length, 20);
  json.copy(out, PREFIX_BYTES);
  let at = PREFIX_BYTES + json.length;
  for (const chunk of chunks) {
    chunk.copy(out, at);
    at += chunk.length;
  }
  COLUMN_NAMES.forEach((name, i) => {
    const column = snapshot[name];
    out.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), starts[i]);
  });
  out.writeUInt32LE(crc32(out.subarray(PREFIX_BYTES)), 16);
  return out;
}

/** Throws SnapshotCodecError for anything encodeSnapshot of this version did not write, byte for byte. */
export function decodeSnapshot(buf: Uint8Array): MarketSnapshot {
  const framed = framing(buf);
  if (crc32(framed.bytes.subarray(PREFIX_BYTES)) !== framed.crc) throw checksumError();
  const header = parseHeader(framed);
  const variants: SnapshotVariant[] = [];
  for (const chunk of variantChunks(framed, header)) addVariants(variants, chunk(), header.strings);
  return snapshotFrom(framed, header, variants);
}

/** Bytes the stepwise decode checks between two turns of the event loop. */
const STEP = { crcBytes: 4 << 20 } as const;

/**
 * decodeSnapshot in steps, the event loop turning between them (a full-size region's snapshot decodes
 * for a second or more): the checksum a few megabytes at a time, the header, then the variants a chunk
 * at a time. The same snapshot, and the same errors, as decodeSnapshot.
 */
export async function decodeSnapshotStepwise(buf: Uint8Array): Promise<MarketSnapshot> {
  const framed = framing(buf);
  const body = framed.bytes.subarray(PREFIX_BYTES);
  let crc = 0;
  for (let at = 0; at < body.length; at += STEP.crcBytes) {
    crc = crc32(body.subarray(at, at + STEP.crcBytes), crc);
    await nextTurn();
  }
  if (crc !== framed.crc) throw checksumError();
  const header = parseHeader(framed);
  await nextTurn();
  const variants: SnapshotVariant[] = [];
  const index = new Map<string, number>();
  for (const chunk of variantChunks(framed, header)) {
    const from = variants.length;
    addVariants(variants, chunk(), header.strings);
    indexVariants(variants, from, index);
    await nextTurn();
  }
  return snapshotFrom(framed, header, variants, index);
}

/** Pushed rather than assigned by index: a packed array, as map() gives (the searches read it hot). */
function addVariants(variants: SnapshotVariant[], rows: unknown[][], strings: readonly string[]): void {
  for (const row of rows) variants.push(variantFrom(row, strings));
}

/** Each variant chunk's parse, in order; the chunks must fill the header bytes after its JSON. */
function variantChunks({ bytes, headerBytes, jsonBytes }: Framed, header: Header): (() => unknown[][])[] {
  let at = PREFIX_BYTES + jsonBytes;
  const parses = header.variantChunks.map((length) => {
    const from = at;
    at += length;
    return () => {
      let rows: unknown;
      try {
        rows = JSON.parse(utf8.decode(bytes.subarray(from, from + length)));
      } catch {
        throw new SnapshotCodecError('a variant chunk is not JSON');
      }
      if (!Array.isArray(rows) || !rows.every(Array.isArray))
        throw new SnapshotCodecError('a variant chunk is not a list of variants');
      return rows as unknown[][];
    };
  });
  if (at !== PREFIX_BYTES + headerBytes)
    throw new SnapshotCodecError('variant chunks do not fill the header');
  return parses;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const checksumError = () => new SnapshotCodecError('checksum mismatch (damaged in transit or storage)');

interface Framed {
  bytes: Buffer;
  total: number;
  /** The header's JSON and the variant chunks after it. */
  headerBytes: number;
  jsonBytes: number;
  crc: number;
}

/** The prefix checked (signature, version, length): the buffer aligned for typed-array views. */
function framing(buf: Uint8Array): Framed {
  requireLittleEndian();
  if (buf.length < PREFIX_BYTES) throw new SnapshotCodecError(`only ${buf.length} bytes`);
  // Typed-array views need aligned offsets; a buffer sliced out of a socket chunk may not be.
  const bytes =
    buf.byteOffset % ALIGN === 0
      ? Buffer.from(buf.buffer, buf.byteOffset, buf.length)
      : Buffer.from(new Uint8Array(buf).buffer);
  if (bytes.toString('latin1', 0, 4) !== MAGIC) throw new SnapshotCodecError('no GRSN signature');
  const version = bytes.readUInt32LE(4);
  if (version !== VERSION) throw new SnapshotCodecError(`format version ${version}, expected ${VERSION}`);
  const total = bytes.readUInt32LE(8);
  if (total !== bytes.length)
    throw new SnapshotCodecError(`${bytes.length} bytes, written as ${total} (truncated?)`);
  const headerBytes = bytes.readUInt32LE(12);
  const jsonBytes = bytes.readUInt32LE(20);
  if (jsonBytes > headerBytes || PREFIX_BYTES + headerBytes > total)
    throw new SnapshotCodecError('header lengths do not fit the buffer');
  return { bytes, total, headerBytes, jsonBytes, crc: bytes.readUInt32LE(16) };
}

function parseHeader({ bytes, jsonBytes }: Framed): Header {
  let header: Header;
  try {
    // TextDecoder: an order of magnitude faster than Buffer#toString on a header of megabytes.
    header = JSON.parse(utf8.decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + jsonBytes))) as Header;
  } catch {
    throw new SnapshotCodecError('header is not JSON');
  }
  if (!isHeader(header)) throw new SnapshotCodecError('unexpected header fields, columns or variant fields');
  return header;
}

function snapshotFrom(
  { bytes, total, headerBytes }: Framed,
  header: Header,
  variants: SnapshotVariant[],
  variantIndex?: ReadonlyMap<string, number>,
): MarketSnapshot {
  const lengths = header.columns.map(([, length]) => length);
  const { starts, total: expected } = layout(headerBytes, lengths);
  if (expected !== total) throw new SnapshotCodecError('column lengths do not add up to the buffer');

  const columns = Object.fromEntries(
    COLUMN_NAMES.map((name, i) => {
      const Column = COLUMNS[name];
      return [
        name,
        new Column(bytes.buffer as ArrayBuffer, bytes.byteOffset + (starts[i] as number), lengths[i]),
      ];
    }),
  ) as { [K in ColumnName]: InstanceType<(typeof COLUMNS)[K]> };

  const parts: SnapshotParts = {
    region: header.region,
    lastModified: header.lastModified,
    groupCount: header.groupCount,
    realms: Object.freeze(header.realms),
    unknownItemIds: Object.freeze(header.unknownItemIds),
    unknownPetSpecies: Object.freeze(header.unknownPetSpecies),
    unknownLevelAuctions: header.unknownLevelAuctions,
    unknownBonusIds: Object.freeze(header.unknownBonusIds),
    variants,
    ...columns,
  };
  checkShape(parts);
  return restoreSnapshot(parts, variantIndex);
}

function isHeader(h: Header): boolean {
  const lists = [
    h?.realms,
    h?.unknownItemIds,
    h?.unknownPetSpecies,
    h?.unknownBonusIds,
    h?.strings,
    h?.variantChunks,
    h?.columns,
  ];
  return (
    lists.every(Array.isArray) &&
    typeof h.region === 'string' &&
    typeof h.lastModified === 'number' &&
    typeof h.groupCount === 'number' &&
    typeof h.unknownLevelAuctions === 'number' &&
    String(h.variantFields) === String(VARIANT_FIELDS) &&
    String(h.columns.map((c) => c?.[0])) === String(COLUMN_NAMES) &&
    h.columns.every((c) => Number.isSafeInteger(c?.[1]) && c[1] >= 0) &&
    h.variantChunks.every((n) => Number.isSafeInteger(n) && n > 0)
  );
}

/** Per field of a variant row: 0 plain value, 1 index into `strings`, 2 list. */
const FIELD_KINDS = VARIANT_FIELDS.map((f) => (SHARED_FIELDS.has(f) ? 1 : LIST_FIELDS.has(f) ? 2 : 0));

function variantFrom(row: unknown[], strings: readonly string[]): SnapshotVariant {
  const v: Record<string, unknown> = {};
  for (let i = 0; i < VARIANT_FIELDS.length; i++) {
    const value = row[i];
    const kind = FIELD_KINDS[i];
    v[VARIANT_FIELDS[i] as string] =
      kind === 1 ? strings[value as number] : kind === 2 ? frozen(value as unknown[]) : value;
  }
  const full = v as unknown as SnapshotVariant;
  // Built like the snapshot builder's variants, so they share its hidden class (fast reads in searches).
  return variantOf(full, full.saleRate, full.avgSale, full.marketValue, full.historical);
}

/** The cross-column invariants the searches index by. */
function checkShape(p: SnapshotParts): void {
  const R = p.realms.length;
  const V = p.variants.length;
  const E = p.entryRealm.length;
  const ok =
    p.realmIds.length === R &&
    p.realmAuctions.length === R &&
    p.realmHasData.length === R &&
    p.realmModified.length === R &&
    p.realmLate.length === R &&
    p.realmHoursObserved.length === R &&
    p.saleRate.length === V &&
    p.avgSale.length === V &&
    p.groupOf.length === V &&
    p.offsets.length === V + 1 &&
    p.offsets[V] === E &&
    p.rawOffsets.length === V + 1 &&
    p.rawOffsets[V] === p.rawIds.length &&
    p.entryPrice.length === E &&
    p.entryQuantity.length === E &&
    [
      p.entryAge,
      p.entryNearListings,
      p.entryNearQuantity,
      p.entryLowestQuantity,
      p.entrySales,
      p.entryMedian,
      p.entryLowQuartile,
      p.entryItemFloor,
      p.entryPostedHours,
    ].every((column) => column.length === E);
  if (!ok) throw new SnapshotCodecError('column lengths do not match the realm and variant counts');
}
