// Blizzard auction dump of one connected realm -> per raw variant lowest unit buyout (copper)
// and total quantity. A hand-written scanner walks the UTF-8 bytes once, validates the JSON
// grammar, reads only the fields it needs and builds no objects per auction. Malformed or
// truncated input throws IngestError (callers keep their previous listing).
import { RawVariantTable, SIG_HEADER } from './raw-variants';

export class IngestError extends Error {
  constructor(
    message: string,
    /** Byte offset where the problem was found. */
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
    this.name = 'IngestError';
  }
}

/** One realm's dump reduced to raw variants (ids into the region's RawVariantTable). */
export interface RealmListing {
  readonly connectedRealmId: number;
  /** Every auction in the dump. */
  readonly auctionCount: number;
  /** Auctions that had a buyout (or unit price) and an item. */
  readonly pricedAuctions: number;
  /** Number of raw variants listed. */
  readonly size: number;
  readonly rawIds: Int32Array;
  /** Lowest unit buyout per raw variant, copper (buyout / quantity, rounded, at least 1). */
  readonly minUnitPrice: Float64Array;
  /** Total quantity listed per raw variant (priced auctions only). */
  readonly quantity: Float64Array;
}

export interface IngestOptions {
  connectedRealmId: number;
  /** The region's raw variant table (shared by all realms of a snapshot). */
  table: RawVariantTable;
}

// Keys the scanner cares about.
const K_OTHER = 0;
const K_AUCTIONS = 1;
const K_ID = 2;
const K_ITEM = 3;
const K_BUYOUT = 4;
const K_UNIT_PRICE = 5;
const K_QUANTITY = 6;
const K_BONUS_LISTS = 7;
const K_MODIFIERS = 8;
const K_PET_SPECIES = 9;
const K_PET_LEVEL = 10;
const K_PET_QUALITY = 11;
const K_TYPE = 12;
const K_VALUE = 13;

const KEY_NAMES: readonly (readonly [string, number])[] = [
  ['auctions', K_AUCTIONS],
  ['id', K_ID],
  ['item', K_ITEM],
  ['buyout', K_BUYOUT],
  ['unit_price', K_UNIT_PRICE],
  ['quantity', K_QUANTITY],
  ['bonus_lists', K_BONUS_LISTS],
  ['modifiers', K_MODIFIERS],
  ['pet_species_id', K_PET_SPECIES],
  ['pet_level', K_PET_LEVEL],
  ['pet_quality_id', K_PET_QUALITY],
  ['type', K_TYPE],
  ['value', K_VALUE],
];
const KEY_BY_NAME = new Map<string, number>(KEY_NAMES);
const KEY_BYTES: readonly Uint8Array[] = [];
for (const [name, code] of KEY_NAMES) (KEY_BYTES as Uint8Array[])[code] = new TextEncoder().encode(name);

const MAX_DEPTH = 256;
const DROP_LEVEL_MODIFIER = 9;

interface Scratch {
  stamp: number;
  stampOf: Int32Array;
  localOf: Int32Array;
}
const scratchByTable = new WeakMap<RawVariantTable, Scratch>();

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

// Scanner registers. Ingest is synchronous and never re-entered, so plain module variables do.
// The document is scanned from a copy followed by NUL padding: JSON allows NUL neither outside
// strings nor raw inside them, so every scan stops at the end without reading out of bounds
// (out-of-bounds typed-array reads would make V8 compile slower loads).
let NUM = 0;
let KEY = K_OTHER;
let bonus = new Int32Array(64);
let bonusLength = 0;
let sig = new Int32Array(SIG_HEADER + 64);

/** Length of the document (the scanned buffer has NUL padding after it). */
let END = 0;

function fail(message: string, at: number): never {
  throw new IngestError(at >= END ? `Unexpected end of input (${message})` : message, Math.min(at, END));
}

function skipWs(s: Uint8Array, i: number): number {
  for (;;) {
    const c = s[i];
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** At a number: reads it with JSON's grammar into NUM, returns the index after it. */
function readNumber(s: Uint8Array, i: number): number {
  const start = i;
  let c = s[i] as number;
  if (c === 45) c = s[++i] as number;
  let v = 0;
  if (c === 48) c = s[++i] as number;
  else if (c >= 49 && c <= 57) {
    do {
      v = v * 10 + c - 48;
      c = s[++i] as number;
    } while (c >= 48 && c <= 57);
  } else fail('Bad number', i);
  if (c === 46 || c === 101 || c === 69) {
    if (c === 46) {
      c = s[++i] as number;
      if (!(c >= 48 && c <= 57)) fail('Bad number', i);
      do c = s[++i] as number;
      while (c >= 48 && c <= 57);
    }
    if (c === 101 || c === 69) {
      c = s[++i] as number;
      if (c === 43 || c === 45) c = s[++i] as number;
      if (!(c >= 48 && c <= 57)) fail('Bad number', i);
      do c = s[++i] as number;
      while (c >= 48 && c <= 57);
    }
    NUM = Number(ascii(s, start, i));
  } else if (i - start > 15) {
    NUM = Number(ascii(s, start, i));
  } else {
    NUM = (s[start] as number) === 45 ? -v : v;
  }
  return i;
}

function ascii(s: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let k = start; k < end; k++) text += String.fromCharCode(s[k] as number);
  return text;
}

/** At an opening quote: skips the string (validating escapes and control characters). */
function skipString(s: Uint8Array, i: number): number {
  i++;
  for (;;) {
    const c = s[i] as number;
    if (c === 34) return i + 1;
    if (c === 92) {
      const e = s[i + 1] as number;
      if (e === 117) {
        for (let k = 2; k < 6; k++) if (HEX[s[i + k] as number] !== 1) fail('Bad unicode escape', i + k);
        i += 6;
      } else if (
        e === 34 ||
        e === 92 ||
        e === 47 ||
        e === 98 ||
        e === 102 ||
        e === 110 ||
        e === 114 ||
        e === 116
      ) {
        i += 2;
      } else fail('Bad escape', i + 1);
    } else if (c < 32) fail('Control character in string', i);
    else i++;
  }
}

function literal(s: Uint8Array, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) {
    if ((s[i + k] as number) !== word.charCodeAt(k)) fail('Bad literal', i + k);
  }
  return i + word.length;
}

/** Skips any JSON value (after whitespace), validating it; returns the index after it. */
function skipValue(s: Uint8Array, i: number, depth: number): number {
  if (depth > MAX_DEPTH) fail('Nesting too deep', i);
  i = skipWs(s, i);
  const c = s[i] as number;
  if (c === 34) return skipString(s, i);
  if (c === 123) {
    i = skipWs(s, i + 1);
    if ((s[i] as number) === 125) return i + 1;
    for (;;) {
      i = skipWs(s, i);
      if ((s[i] as number) !== 34) fail('Expected a key', i);
      i = skipWs(s, skipString(s, i));
      if ((s[i] as number) !== 58) fail("Expected ':'", i);
      i = skipWs(s, skipValue(s, i + 1, depth + 1));
      const d = s[i] as number;
      if (d === 44) i++;
      else if (d === 125) return i + 1;
      else fail("Expected ',' or '}'", i);
    }
  }
  if (c === 91) {
    i = skipWs(s, i + 1);
    if ((s[i] as number) === 93) return i + 1;
    for (;;) {
      i = skipWs(s, skipValue(s, i, depth + 1));
      const d = s[i] as number;
      if (d === 44) i++;
      else if (d === 93) return i + 1;
      else fail("Expected ',' or ']'", i);
    }
  }
  if (c === 116) return literal(s, i, 'true');
  if (c === 102) return literal(s, i, 'false');
  if (c === 110) return literal(s, i, 'null');
  if (c === 45 || (c >= 48 && c <= 57)) return readNumber(s, i);
  return fail('Unexpected character', i);
}

/** A number into NUM, or -1 into NUM when the value has another type (skipped). */
function readNumberOrAbsent(s: Uint8Array, i: number, depth: number): number {
  const c = s[i] as number;
  if (c === 45 || (c >= 48 && c <= 57)) return readNumber(s, i);
  NUM = -1;
  return skipValue(s, i, depth);
}

/** Identifies an escape-free key by its length and first byte, then checks every byte. */
function keyCode(s: Uint8Array, start: number, len: number): number {
  const c = s[start];
  let code = K_OTHER;
  switch (len) {
    case 2:
      if (c === 105) code = K_ID;
      break;
    case 4:
      code = c === 105 ? K_ITEM : c === 116 ? K_TYPE : K_OTHER;
      break;
    case 5:
      if (c === 118) code = K_VALUE;
      break;
    case 6:
      if (c === 98) code = K_BUYOUT;
      break;
    case 8:
      code = c === 113 ? K_QUANTITY : c === 97 ? K_AUCTIONS : K_OTHER;
      break;
    case 9:
      code = c === 109 ? K_MODIFIERS : c === 112 ? K_PET_LEVEL : K_OTHER;
      break;
    case 10:
      if (c === 117) code = K_UNIT_PRICE;
      break;
    case 11:
      if (c === 98) code = K_BONUS_LISTS;
      break;
    case 14:
      if (c === 112) code = (s[start + 4] as number) === 115 ? K_PET_SPECIES : K_PET_QUALITY;
      break;
  }
  if (code === K_OTHER) return K_OTHER;
  const bytes = KEY_BYTES[code] as Uint8Array;
  for (let j = 1; j < len; j++) if (s[start + j] !== bytes[j]) return K_OTHER;
  return code;
}

/** At a key's opening quote (after whitespace): sets KEY, returns the index of the value (after ':' and whitespace). */
function readKey(s: Uint8Array, i: number): number {
  if ((s[i] as number) !== 34) fail('Expected a key', i);
  const start = i + 1;
  let j = start;
  let c = s[j] as number;
  while (c !== 34 && c !== 92 && c >= 32) c = s[++j] as number;
  if (c === 34) {
    KEY = keyCode(s, start, j - start);
    j++;
  } else {
    // Rare: escapes in a key. Validate, decode and look it up by name.
    j = skipString(s, i);
    KEY = KEY_BY_NAME.get(JSON.parse(new TextDecoder().decode(s.subarray(i, j))) as string) ?? K_OTHER;
  }
  j = skipWs(s, j);
  if ((s[j] as number) !== 58) fail("Expected ':'", j);
  return skipWs(s, j + 1);
}

/** After a member: index past ',' (more to come) or past '}' with MORE = false. */
let MORE = false;
function afterMember(s: Uint8Array, i: number, close: number): number {
  i = skipWs(s, i);
  const c = s[i] as number;
  if (c === 44) {
    MORE = true;
    return skipWs(s, i + 1);
  }
  if (c === close) {
    MORE = false;
    return i + 1;
  }
  return fail(close === 125 ? "Expected ',' or '}'" : "Expected ',' or ']'", i);
}

class Output {
  auctionCount = 0;
  priced = 0;
  size = 0;
  raw = new Int32Array(1024);
  min = new Float64Array(1024);
  qty = new Float64Array(1024);

  constructor(
    readonly table: RawVariantTable,
    readonly scratch: Scratch,
  ) {}

  reset(): void {
    this.auctionCount = 0;
    this.priced = 0;
    this.size = 0;
    this.scratch.stamp++;
  }

  add(
    itemId: number,
    price: number,
    quantity: number,
    drop: number,
    petS: number,
    petL: number,
    petQ: number,
  ): void {
    this.priced++;
    let len = SIG_HEADER;
    if (SIG_HEADER + bonusLength > sig.length) sig = new Int32Array(SIG_HEADER + bonusLength * 2);
    const g = sig;
    g[0] = itemId;
    if (petS > 0) {
      g[1] = petS;
      g[2] = petL > 0 ? petL : 1;
      g[3] = petQ > 0 ? petQ : 1;
      g[4] = -1;
    } else {
      g[1] = 0;
      g[2] = 0;
      g[3] = 0;
      g[4] = drop;
      // Insertion sort of the (short) bonus list into the signature.
      for (let k = 0; k < bonusLength; k++) {
        const v = bonus[k] as number;
        let j = len;
        while (j > SIG_HEADER && (g[j - 1] as number) > v) {
          g[j] = g[j - 1] as number;
          j--;
        }
        g[j] = v;
        len++;
      }
    }
    const raw = this.table.intern(g, len);
    const scratch = this.scratch;
    if (raw >= scratch.stampOf.length) {
      let cap = scratch.stampOf.length * 2;
      while (cap <= raw) cap *= 2;
      const stampOf = new Int32Array(cap);
      stampOf.set(scratch.stampOf);
      const localOf = new Int32Array(cap);
      localOf.set(scratch.localOf);
      scratch.stampOf = stampOf;
      scratch.localOf = localOf;
    }
    if (scratch.stampOf[raw] === scratch.stamp) {
      const local = scratch.localOf[raw] as number;
      if (price < (this.min[local] as number)) this.min[local] = price;
      this.qty[local] = (this.qty[local] as number) + quantity;
      return;
    }
    const local = this.size++;
    if (local === this.raw.length) {
      const cap = local * 2;
      const r = new Int32Array(cap);
      r.set(this.raw);
      this.raw = r;
      const m = new Float64Array(cap);
      m.set(this.min);
      this.min = m;
      const q = new Float64Array(cap);
      q.set(this.qty);
      this.qty = q;
    }
    scratch.stampOf[raw] = scratch.stamp;
    scratch.localOf[raw] = local;
    this.raw[local] = raw;
    this.min[local] = price;
    this.qty[local] = quantity;
  }
}

/** At '[' of bonus_lists: reads the integers into the bonus buffer. */
function readBonusLists(s: Uint8Array, i: number): number {
  bonusLength = 0;
  i = skipWs(s, i + 1);
  if ((s[i] as number) === 93) return i + 1;
  for (;;) {
    const c = s[i] as number;
    if (c === 45 || (c >= 48 && c <= 57)) {
      i = readNumber(s, i);
      if (bonusLength === bonus.length) {
        const next = new Int32Array(bonus.length * 2);
        next.set(bonus);
        bonus = next;
      }
      bonus[bonusLength++] = NUM;
    } else i = skipValue(s, i, 5);
    i = afterMember(s, i, 93);
    if (!MORE) return i;
  }
}

/** At '[' of modifiers: returns the index after it; NUM = drop level (modifier type 9) or -1. */
function readModifiers(s: Uint8Array, i: number): number {
  let drop = -1;
  i = skipWs(s, i + 1);
  if ((s[i] as number) === 93) {
    NUM = -1;
    return i + 1;
  }
  for (;;) {
    if ((s[i] as number) !== 123) i = skipValue(s, i, 5);
    else {
      let type = -1;
      let value = -1;
      i = skipWs(s, i + 1);
      if ((s[i] as number) === 125) i++;
      else
        for (;;) {
          i = readKey(s, i);
          if (KEY === K_TYPE) {
            i = readNumberOrAbsent(s, i, 6);
            type = NUM;
          } else if (KEY === K_VALUE) {
            i = readNumberOrAbsent(s, i, 6);
            value = NUM;
          } else i = skipValue(s, i, 6);
          i = afterMember(s, i, 125);
          if (!MORE) break;
        }
      if (type === DROP_LEVEL_MODIFIER && value >= 0) drop = value;
    }
    i = afterMember(s, i, 93);
    if (!MORE) {
      NUM = drop;
      return i;
    }
  }
}

// Fast path for Blizzard's own compact layout
//   {"id":N,"item":{"id":N[,"context":N][,"bonus_lists":[..]][,"modifiers":[{"type":N,"value":N},..]]
//   [,"pet_breed_id":N][,"pet_level":N][,"pet_quality_id":N][,"pet_species_id":N]}[,"bid":N]
//   [,"buyout":N],"quantity":N[,"unit_price":N][,"time_left":"X"]}
// matched literally. It consumes only valid JSON and gives up (-1) at the first byte that does
// not fit, before recording anything; the general parser then reads that auction.
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const P_AUCTION = utf8('{"id":');
const P_ITEM = utf8(',"item":{"id":');
const P_CONTEXT = utf8(',"context":');
const P_BONUS = utf8(',"bonus_lists":[');
const P_MODIFIERS = utf8(',"modifiers":[');
const P_TYPE = utf8('{"type":');
const P_VALUE = utf8(',"value":');
const P_PET_BREED = utf8(',"pet_breed_id":');
const P_PET_LEVEL = utf8(',"pet_level":');
const P_PET_QUALITY = utf8(',"pet_quality_id":');
const P_PET_SPECIES = utf8(',"pet_species_id":');
const P_BID = utf8(',"bid":');
const P_BUYOUT = utf8(',"buyout":');
const P_QUANTITY = utf8(',"quantity":');
const P_UNIT_PRICE = utf8(',"unit_price":');
const P_TIME_LEFT = utf8(',"time_left":"');

function lit(s: Uint8Array, i: number, p: Uint8Array): boolean {
  for (let k = 0; k < p.length; k++) if (s[i + k] !== p[k]) return false;
  return true;
}

/** A non-negative integer of at most 15 digits in JSON form into NUM; -1 when anything else. */
function fastUint(s: Uint8Array, i: number): number {
  let c = s[i] as number;
  if (c === 48) {
    c = s[i + 1] as number;
    NUM = 0;
    return (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 ? -1 : i + 1;
  }
  if (!(c >= 49 && c <= 57)) return -1;
  const start = i;
  let v = 0;
  do {
    v = v * 10 + c - 48;
    c = s[++i] as number;
  } while (c >= 48 && c <= 57);
  if (c === 46 || c === 101 || c === 69 || i - start > 15) return -1;
  NUM = v;
  return i;
}

function fastAuction(s: Uint8Array, i: number, out: Output): number {
  if (!lit(s, i, P_AUCTION)) return -1;
  i = fastUint(s, i + P_AUCTION.length);
  if (i < 0 || !lit(s, i, P_ITEM)) return -1;
  i = fastUint(s, i + P_ITEM.length);
  if (i < 0) return -1;
  const itemId = NUM;
  let drop = -1;
  let petS = 0;
  let petL = 0;
  let petQ = 0;
  bonusLength = 0;
  if (lit(s, i, P_CONTEXT)) {
    i = fastUint(s, i + P_CONTEXT.length);
    if (i < 0) return -1;
  }
  if (lit(s, i, P_BONUS)) {
    i += P_BONUS.length;
    if (s[i] === 93) i++;
    else
      for (;;) {
        i = fastUint(s, i);
        if (i < 0) return -1;
        if (bonusLength === bonus.length) {
          const next = new Int32Array(bonus.length * 2);
          next.set(bonus);
          bonus = next;
        }
        bonus[bonusLength++] = NUM;
        const c = s[i++];
        if (c === 93) break;
        if (c !== 44) return -1;
      }
  }
  if (lit(s, i, P_MODIFIERS)) {
    i += P_MODIFIERS.length;
    if (s[i] === 93) i++;
    else
      for (;;) {
        if (!lit(s, i, P_TYPE)) return -1;
        i = fastUint(s, i + P_TYPE.length);
        if (i < 0 || !lit(s, i, P_VALUE)) return -1;
        const type = NUM;
        i = fastUint(s, i + P_VALUE.length);
        if (i < 0 || s[i] !== 125) return -1;
        if (type === DROP_LEVEL_MODIFIER) drop = NUM;
        const c = s[i + 1];
        i += 2;
        if (c === 93) break;
        if (c !== 44) return -1;
      }
  }
  if (lit(s, i, P_PET_BREED)) {
    i = fastUint(s, i + P_PET_BREED.length);
    if (i < 0) return -1;
  }
  if (lit(s, i, P_PET_LEVEL)) {
    i = fastUint(s, i + P_PET_LEVEL.length);
    if (i < 0) return -1;
    petL = NUM;
  }
  if (lit(s, i, P_PET_QUALITY)) {
    i = fastUint(s, i + P_PET_QUALITY.length);
    if (i < 0) return -1;
    petQ = NUM;
  }
  if (lit(s, i, P_PET_SPECIES)) {
    i = fastUint(s, i + P_PET_SPECIES.length);
    if (i < 0) return -1;
    petS = NUM;
  }
  if (s[i] !== 125) return -1;
  i++;
  if (lit(s, i, P_BID)) {
    i = fastUint(s, i + P_BID.length);
    if (i < 0) return -1;
  }
  let buyout = -1;
  if (lit(s, i, P_BUYOUT)) {
    i = fastUint(s, i + P_BUYOUT.length);
    if (i < 0) return -1;
    buyout = NUM;
  }
  if (!lit(s, i, P_QUANTITY)) return -1;
  i = fastUint(s, i + P_QUANTITY.length);
  if (i < 0) return -1;
  const quantity = NUM;
  let unit = -1;
  if (lit(s, i, P_UNIT_PRICE)) {
    i = fastUint(s, i + P_UNIT_PRICE.length);
    if (i < 0) return -1;
    unit = NUM;
  }
  if (lit(s, i, P_TIME_LEFT)) {
    i += P_TIME_LEFT.length;
    let c = s[i] as number;
    while (c >= 32 && c < 127 && c !== 34 && c !== 92) c = s[++i] as number;
    if (c !== 34) return -1;
    i++;
  }
  if (s[i] !== 125) return -1;
  out.auctionCount++;
  if (quantity > 0) {
    if (buyout >= 0)
      out.add(itemId, Math.max(1, Math.round(buyout / quantity)), quantity, drop, petS, petL, petQ);
    else if (unit >= 0) out.add(itemId, Math.max(1, Math.round(unit)), quantity, drop, petS, petL, petQ);
  }
  return i + 1;
}

/** At '[' of the auctions array: reduces every auction into `out`. */
function readAuctions(s: Uint8Array, i: number, out: Output): number {
  out.reset();
  i = skipWs(s, i + 1);
  if ((s[i] as number) === 93) return i + 1;
  for (;;) {
    const next = fastAuction(s, i, out);
    if (next >= 0) i = next;
    else if ((s[i] as number) !== 123) {
      i = skipValue(s, i, 2);
      out.auctionCount++;
    } else {
      let itemId = -1;
      let buyout = -1;
      let unit = -1;
      let quantity = 1;
      let drop = -1;
      let petS = 0;
      let petL = 0;
      let petQ = 0;
      bonusLength = 0;
      i = skipWs(s, i + 1);
      if ((s[i] as number) === 125) i++;
      else
        for (;;) {
          i = readKey(s, i);
          const k = KEY;
          if (k === K_ITEM) {
            itemId = -1;
            drop = -1;
            petS = 0;
            petL = 0;
            petQ = 0;
            bonusLength = 0;
            if ((s[i] as number) !== 123) i = skipValue(s, i, 3);
            else {
              i = skipWs(s, i + 1);
              if ((s[i] as number) === 125) i++;
              else
                for (;;) {
                  i = readKey(s, i);
                  switch (KEY) {
                    case K_ID:
                      i = readNumberOrAbsent(s, i, 4);
                      itemId = NUM;
                      break;
                    case K_BONUS_LISTS:
                      if ((s[i] as number) === 91) i = readBonusLists(s, i);
                      else {
                        i = skipValue(s, i, 4);
                        bonusLength = 0;
                      }
                      break;
                    case K_MODIFIERS:
                      if ((s[i] as number) === 91) {
                        i = readModifiers(s, i);
                        drop = NUM;
                      } else {
                        i = skipValue(s, i, 4);
                        drop = -1;
                      }
                      break;
                    case K_PET_SPECIES:
                      i = readNumberOrAbsent(s, i, 4);
                      petS = NUM;
                      break;
                    case K_PET_LEVEL:
                      i = readNumberOrAbsent(s, i, 4);
                      petL = NUM;
                      break;
                    case K_PET_QUALITY:
                      i = readNumberOrAbsent(s, i, 4);
                      petQ = NUM;
                      break;
                    default:
                      i = skipValue(s, i, 4);
                  }
                  i = afterMember(s, i, 125);
                  if (!MORE) break;
                }
            }
          } else if (k === K_BUYOUT) {
            i = readNumberOrAbsent(s, i, 3);
            buyout = NUM;
          } else if (k === K_QUANTITY) {
            i = readNumberOrAbsent(s, i, 3);
            quantity = NUM;
          } else if (k === K_UNIT_PRICE) {
            i = readNumberOrAbsent(s, i, 3);
            unit = NUM;
          } else i = skipValue(s, i, 3);
          i = afterMember(s, i, 125);
          if (!MORE) break;
        }
      out.auctionCount++;
      if (itemId >= 0 && quantity > 0) {
        // Unit price as money.unitPrice: buyout / quantity, rounded, at least 1 copper.
        if (buyout >= 0)
          out.add(itemId, Math.max(1, Math.round(buyout / quantity)), quantity, drop, petS, petL, petQ);
        else if (unit >= 0) out.add(itemId, Math.max(1, Math.round(unit)), quantity, drop, petS, petL, petQ);
      }
    }
    i = afterMember(s, i, 93);
    if (!MORE) return i;
  }
}

/** The whole document: an object whose `auctions` member is read, every other member skipped. */
function readDocument(s: Uint8Array, out: Output): void {
  let i = 0;
  if ((s[0] as number) === 0xef && (s[1] as number) === 0xbb && (s[2] as number) === 0xbf) i = 3; // UTF-8 byte order mark
  i = skipWs(s, i);
  if ((s[i] as number) !== 123) fail("Expected '{'", i);
  let sawAuctions = false;
  i = skipWs(s, i + 1);
  if ((s[i] as number) === 125) i++;
  else
    for (;;) {
      i = readKey(s, i);
      if (KEY === K_AUCTIONS && (s[i] as number) === 91) {
        // A repeated "auctions" member replaces the earlier one, as with JSON.parse.
        i = readAuctions(s, i, out);
        sawAuctions = true;
      } else i = skipValue(s, i, 1);
      i = afterMember(s, i, 125);
      if (!MORE) break;
    }
  i = skipWs(s, i);
  if (i < END) fail('Unexpected data after the document', i);
  if (!sawAuctions) fail('No auctions array', 0);
}

const encoder = new TextEncoder();
const PADDING = 16;

/** Reused scan buffer (grows to the largest dump seen; dropped when unusually large). */
let scanBuffer = new Uint8Array(0);
const KEEP_BUFFER_BYTES = 64 << 20;

/** The document's UTF-8 bytes followed by NUL padding, in the scan buffer; sets END. */
function paddedCopy(input: Uint8Array | string): Uint8Array {
  // UTF-8 needs at most 3 bytes per UTF-16 code unit.
  const need = (typeof input === 'string' ? input.length * 3 : input.length) + PADDING;
  if (scanBuffer.length < need)
    scanBuffer = new Uint8Array(Math.max(need, Math.ceil(scanBuffer.length * 1.25)));
  const buf = scanBuffer;
  if (typeof input === 'string') END = encoder.encodeInto(input, buf).written;
  else {
    buf.set(input);
    END = input.length;
  }
  buf.fill(0, END, END + PADDING);
  return buf;
}

function releaseLargeBuffer(): void {
  if (scanBuffer.length > KEEP_BUFFER_BYTES) scanBuffer = new Uint8Array(0);
}

/**
 * Reduces one realm's auction dump (the body of /data/wow/connected-realm/{id}/auctions, as
 * UTF-8 bytes or a string) to raw variants with their lowest unit buyout and total quantity.
 * Auctions without a buyout (bid only) are counted but not priced. Throws IngestError on
 * malformed or truncated JSON, or when there is no `auctions` array.
 */
export function ingestRealmDump(input: Uint8Array | string, options: IngestOptions): RealmListing {
  const bytes = paddedCopy(input);
  const table = options.table;
  let scratch = scratchByTable.get(table);
  if (!scratch) {
    scratch = { stamp: 0, stampOf: new Int32Array(1 << 12), localOf: new Int32Array(1 << 12) };
    scratchByTable.set(table, scratch);
  }
  const out = new Output(table, scratch);
  try {
    readDocument(bytes, out);
  } catch (err) {
    // Only a stack overflow (absurdly deep nesting) can escape as a RangeError.
    if (err instanceof RangeError && /call stack/i.test(err.message))
      throw new IngestError('Nesting too deep', 0);
    throw err;
  } finally {
    releaseLargeBuffer();
  }
  const size = out.size;
  return {
    connectedRealmId: options.connectedRealmId,
    auctionCount: out.auctionCount,
    pricedAuctions: out.priced,
    size,
    rawIds: out.raw.slice(0, size),
    minUnitPrice: out.min.slice(0, size),
    quantity: out.qty.slice(0, size),
  };
}

export { RawVariantTable };
