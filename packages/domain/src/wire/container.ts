// The container of the compact market answers (answer-format.ts): a JSON header and named number columns,
// each stored in the smallest typed array that holds it exactly. Layout:
//   bytes 0-3  "GRC1"
//   bytes 4-7  header length H, uint32 little-endian
//   bytes 8-   H bytes of UTF-8 JSON (ContainerHeader), zero-padded to a multiple of 8
//   then each column's blocks in header order, each at a multiple of 8 bytes, zero-padded: the values;
//   for integers beyond 32 bits a second block (i32) with value / 2^32; for columns with nulls a u8 block
//   with 1 at each null.
// Blocks are read as typed-array views on the buffer, so they are in the platform's byte order, which is
// little-endian on every platform a browser or Node runs on (readContainer refuses any other).

export const CONTAINER_MAGIC = 'GRC1';

export type BlockType = 'u8' | 'u16' | 'u32' | 'i8' | 'i16' | 'i32' | 'f64';

export interface ColumnSpec {
  name: string;
  type: BlockType;
  length: number;
  /** A second block with the high part: value = low + high × 2^32. */
  high?: true;
  /** A u8 block: 1 where the value is null (NaN in the decoded column). */
  nulls?: true;
}

export interface ContainerHeader {
  columns: ColumnSpec[];
}

export class ContainerError extends Error {
  constructor(message: string) {
    super(`Compact market answer: ${message}`);
    this.name = 'ContainerError';
  }
}

/** A whole container of a format this build does not know (a newer server): the client asks for JSON. */
export class UnknownFormatError extends ContainerError {
  constructor(format: unknown) {
    super(`unknown format ${String(format)}`);
    this.name = 'UnknownFormatError';
  }
}

type Block = Uint8Array | Uint16Array | Uint32Array | Int8Array | Int16Array | Int32Array | Float64Array;
const BLOCKS: Record<
  BlockType,
  {
    new (n: number): Block;
    new (buffer: ArrayBuffer, offset: number, n: number): Block;
    BYTES_PER_ELEMENT: number;
  }
> = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i8: Int8Array,
  i16: Int16Array,
  i32: Int32Array,
  f64: Float64Array,
};

const TWO_32 = 2 ** 32;

/** The smallest block type holding integers in [min, max]. */
function intType(min: number, max: number): BlockType | null {
  if (min >= 0) return max < 2 ** 8 ? 'u8' : max < 2 ** 16 ? 'u16' : max < TWO_32 ? 'u32' : null;
  if (min >= -(2 ** 7) && max < 2 ** 7) return 'i8';
  if (min >= -(2 ** 15) && max < 2 ** 15) return 'i16';
  return min >= -(2 ** 31) && max < 2 ** 31 ? 'i32' : null;
}

/**
 * What a writer knows of a column it made: every value is an integer in [min, max] (min > max: none) or
 * NaN where `nulls`. Given with the column, it spares writeContainer a scan of the values.
 */
export interface IntegerRange {
  min: number;
  max: number;
  nulls: boolean;
}

/** A number column to write (NaN stands for null). */
export interface ColumnSource {
  name: string;
  values: Float64Array;
  range?: IntegerRange;
}

/** The smallest blocks that give back every value of the column exactly. */
function specOf(c: ColumnSource): ColumnSpec {
  const n = c.values.length;
  const range = c.range ?? scanRange(c.values);
  if (range === null) return { name: c.name, type: 'f64', length: n };
  const type = range.min > range.max ? 'u8' : intType(range.min, range.max);
  const spec: ColumnSpec = { name: c.name, type: type ?? 'u32', length: n };
  if (type === null) spec.high = true;
  if (range.nulls) spec.nulls = true;
  return spec;
}

/** The values' integer range; null when one is not a safe integer (nor NaN). */
export function scanRange(values: Float64Array): IntegerRange | null {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  let nulls = false;
  for (let k = 0; k < n; k++) {
    const x = values[k]!;
    if (x !== x) nulls = true;
    else {
      if (x < min) min = x;
      if (x > max) max = x;
      // -0 reads back as 0, which JSON writes alike.
      if (!Number.isSafeInteger(x)) return null;
    }
  }
  return { min, max, nulls };
}

function blockSizes(spec: ColumnSpec): number[] {
  const sizes = [spec.length * BLOCKS[spec.type].BYTES_PER_ELEMENT];
  if (spec.high) sizes.push(spec.length * 4);
  if (spec.nulls) sizes.push(spec.length);
  return sizes;
}

const pad8 = (n: number) => (n + 7) & ~7;

/**
 * The container of a header and the columns, in one buffer. The header is the JSON text of an object, to
 * which the column list is added, given in parts: text, or UTF-8 bytes (copied as they are).
 */
export function writeContainer(
  header: string | readonly (string | Uint8Array)[],
  columns: readonly ColumnSource[],
): Uint8Array<ArrayBuffer> {
  const specs = columns.map(specOf);
  const parts = typeof header === 'string' ? [header] : [...header];
  const last = parts.pop();
  if (typeof last !== 'string' || !last.endsWith('}')) {
    throw new ContainerError('the header is not a JSON object');
  }
  const open = `${last.slice(0, -1)}${parts.length > 0 || last.length > 2 ? ',' : ''}"columns":`;
  parts.push(`${open}${JSON.stringify(specs)}}`);
  const encoder = new TextEncoder();
  const chunks = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part));
  const headerLength = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  let size = pad8(8 + headerLength);
  for (const spec of specs) for (const bytes of blockSizes(spec)) size += pad8(bytes);
  const out = new Uint8Array(size);
  for (let i = 0; i < 4; i++) out[i] = CONTAINER_MAGIC.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, headerLength, true);
  let at = 8;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  at = pad8(at);
  for (let j = 0; j < columns.length; j++) {
    const spec = specs[j]!;
    const { values, range } = columns[j]!;
    const n = spec.length;
    const block = (type: BlockType) => {
      const view = new BLOCKS[type](out.buffer, at, n);
      at += pad8(n * BLOCKS[type].BYTES_PER_ELEMENT);
      return view;
    };
    // A column of zeros is written already (a new buffer is zeros).
    if (range && range.min === 0 && range.max === 0 && !range.nulls) {
      block(spec.type);
      continue;
    }
    // A native conversion: a store into "whichever typed array this column has" in a loop would be
    // megamorphic, several times slower. It takes each value modulo 2^32 into a u32 block (the low part
    // of a high column), and a null (NaN) to 0.
    block(spec.type).set(values);
    if (spec.high) writeHigh(values, block('i32') as Int32Array);
    if (spec.nulls) writeNulls(values, block('u8') as Uint8Array);
  }
  return out;
}

/** The high parts of a column whose low parts are its values modulo 2^32 (a null's is 0). */
function writeHigh(values: Float64Array, high: Int32Array): void {
  for (let k = 0; k < values.length; k++) {
    const x = values[k]!;
    if (x === x) high[k] = Math.floor(x / TWO_32);
  }
}

function writeNulls(values: Float64Array, nulls: Uint8Array): void {
  for (let k = 0; k < values.length; k++) if (values[k] !== values[k]) nulls[k] = 1;
}

export function isContainer(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  for (let i = 0; i < 4; i++) if (bytes[i] !== CONTAINER_MAGIC.charCodeAt(i)) return false;
  return true;
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export interface Container<H> {
  header: H;
  /** A column as numbers, NaN for null; throws when missing or not of `length`. */
  numbers(name: string, length: number): Float64Array;
  /** A column of codes (indices) below `size`. */
  codes(name: string, length: number, size: number): Uint32Array;
}

export function readContainer<H extends ContainerHeader>(input: Uint8Array): Container<H> {
  if (!isContainer(input)) throw new ContainerError('not a GRC1 buffer');
  if (!littleEndian) throw new ContainerError('this platform is not little-endian');
  // Views need their element alignment: a buffer that starts elsewhere (a Node Buffer slice) is copied.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  if (8 + length > bytes.length) throw new ContainerError('header runs past the end');
  let header: H;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as H;
  } catch {
    throw new ContainerError('header is not JSON');
  }
  if (!Array.isArray(header?.columns)) throw new ContainerError('no column list');
  const found = new Map<string, { spec: ColumnSpec; blocks: Block[] }>();
  let at = bytes.byteOffset + pad8(8 + length);
  const end = bytes.byteOffset + bytes.length;
  const block = (type: BlockType, n: number): Block => {
    const Type = BLOCKS[type];
    if (!Type || at + n * Type.BYTES_PER_ELEMENT > end)
      throw new ContainerError('a column runs past the end');
    const view = new Type(bytes.buffer as ArrayBuffer, at, n);
    at += pad8(n * Type.BYTES_PER_ELEMENT);
    return view;
  };
  for (const spec of header.columns) {
    const blocks = [block(spec.type, spec.length)];
    if (spec.high) blocks.push(block('i32', spec.length));
    if (spec.nulls) blocks.push(block('u8', spec.length));
    found.set(spec.name, { spec, blocks });
  }
  const get = (name: string, n: number) => {
    const column = found.get(name);
    if (!column || column.spec.length !== n) throw new ContainerError(`${name}: expected ${n} entries`);
    return column;
  };
  return {
    header,
    numbers(name, n) {
      const { spec, blocks } = get(name, n);
      const out = new Float64Array(blocks[0]!);
      const high = spec.high ? (blocks[1] as Int32Array) : null;
      if (high) for (let i = 0; i < n; i++) out[i] = out[i]! + high[i]! * TWO_32;
      if (spec.nulls) {
        const nulls = blocks[blocks.length - 1] as Uint8Array;
        for (let i = 0; i < n; i++) if (nulls[i] === 1) out[i] = NaN;
      }
      return out;
    },
    codes(name, n, size) {
      const { spec, blocks } = get(name, n);
      if (spec.high || spec.nulls || spec.type === 'f64' || spec.type[0] === 'i') {
        throw new ContainerError(`${name}: not a code column`);
      }
      const out = new Uint32Array(blocks[0]!);
      for (let i = 0; i < n; i++) if (out[i]! >= size) throw new ContainerError(`${name}: code out of range`);
      return out;
    },
  };
}
