// The JSON grammar at byte level: whitespace, numbers, strings, literals, keys and whole values,
// each validated as it is skipped. One JsonScanner is made per document; it holds the registers the
// readers pass values back through (`num`, `key`, `more`) so a scan allocates nothing per value.
//
// The document is scanned from a copy followed by NUL padding (scan-buffer.ts): JSON allows NUL
// neither outside strings nor raw inside them, so every scan stops at the end without reading out
// of bounds (out-of-bounds typed-array reads would make V8 compile slower loads).
import { K_OTHER, keyCode, keyCodeOfName } from './auction-keys';
import { IngestError } from './ingest-error';

/** Deeper nesting is refused before it can overflow the stack (auctions need depth 6). */
const MAX_DEPTH = 256;

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

function ascii(s: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let k = start; k < end; k++) text += String.fromCharCode(s[k] as number);
  return text;
}

export class JsonScanner {
  /** The last number read. */
  num = 0;
  /** The code (auction-keys.ts) of the last key read. */
  key = K_OTHER;
  /** After afterMember: whether another member follows. */
  more = false;

  constructor(
    /** The document followed by NUL padding. */
    readonly s: Uint8Array,
    /** Length of the document (the padding starts here). */
    readonly end: number,
  ) {}

  fail(message: string, at: number): never {
    const end = this.end;
    throw new IngestError(at >= end ? `Unexpected end of input (${message})` : message, Math.min(at, end));
  }

  skipWs(i: number): number {
    const s = this.s;
    for (;;) {
      const c = s[i];
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return i;
    }
  }

  /** At a number: reads it with JSON's grammar into `num`, returns the index after it. */
  readNumber(i: number): number {
    const s = this.s;
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
    } else this.fail('Bad number', i);
    if (c === 46 || c === 101 || c === 69) {
      if (c === 46) {
        c = s[++i] as number;
        if (!(c >= 48 && c <= 57)) this.fail('Bad number', i);
        do c = s[++i] as number;
        while (c >= 48 && c <= 57);
      }
      if (c === 101 || c === 69) {
        c = s[++i] as number;
        if (c === 43 || c === 45) c = s[++i] as number;
        if (!(c >= 48 && c <= 57)) this.fail('Bad number', i);
        do c = s[++i] as number;
        while (c >= 48 && c <= 57);
      }
      this.num = Number(ascii(s, start, i));
    } else if (i - start > 15) {
      // Past 15 digits the running sum can lose precision; Number() rounds as JSON.parse does.
      this.num = Number(ascii(s, start, i));
    } else {
      this.num = (s[start] as number) === 45 ? -v : v;
    }
    return i;
  }

  /**
   * The compact layout's number: a non-negative integer of at most 15 digits into `num`; -1 when
   * anything else is there (the general reader then takes over, so nothing is refused here).
   */
  fastUint(i: number): number {
    const s = this.s;
    let c = s[i] as number;
    if (c === 48) {
      c = s[i + 1] as number;
      this.num = 0;
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
    this.num = v;
    return i;
  }

  /** At an opening quote: skips the string (validating escapes and control characters). */
  skipString(i: number): number {
    const s = this.s;
    i++;
    for (;;) {
      const c = s[i] as number;
      if (c === 34) return i + 1;
      if (c === 92) {
        const e = s[i + 1] as number;
        if (e === 117) {
          for (let k = 2; k < 6; k++)
            if (HEX[s[i + k] as number] !== 1) this.fail('Bad unicode escape', i + k);
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
        } else this.fail('Bad escape', i + 1);
      } else if (c < 32) this.fail('Control character in string', i);
      else i++;
    }
  }

  /** The string from its opening quote at `start` to `end` (past the closing quote), decoded. */
  decodeString(start: number, end: number): string {
    return JSON.parse(new TextDecoder().decode(this.s.subarray(start, end))) as string;
  }

  literal(i: number, word: string): number {
    const s = this.s;
    for (let k = 0; k < word.length; k++) {
      if ((s[i + k] as number) !== word.charCodeAt(k)) this.fail('Bad literal', i + k);
    }
    return i + word.length;
  }

  /** Skips any JSON value (after whitespace), validating it; returns the index after it. */
  skipValue(i: number, depth: number): number {
    const s = this.s;
    if (depth > MAX_DEPTH) this.fail('Nesting too deep', i);
    i = this.skipWs(i);
    const c = s[i] as number;
    if (c === 34) return this.skipString(i);
    if (c === 123) {
      i = this.skipWs(i + 1);
      if ((s[i] as number) === 125) return i + 1;
      for (;;) {
        i = this.skipWs(i);
        if ((s[i] as number) !== 34) this.fail('Expected a key', i);
        i = this.skipWs(this.skipString(i));
        if ((s[i] as number) !== 58) this.fail("Expected ':'", i);
        i = this.skipWs(this.skipValue(i + 1, depth + 1));
        const d = s[i] as number;
        if (d === 44) i++;
        else if (d === 125) return i + 1;
        else this.fail("Expected ',' or '}'", i);
      }
    }
    if (c === 91) {
      i = this.skipWs(i + 1);
      if ((s[i] as number) === 93) return i + 1;
      for (;;) {
        i = this.skipWs(this.skipValue(i, depth + 1));
        const d = s[i] as number;
        if (d === 44) i++;
        else if (d === 93) return i + 1;
        else this.fail("Expected ',' or ']'", i);
      }
    }
    if (c === 116) return this.literal(i, 'true');
    if (c === 102) return this.literal(i, 'false');
    if (c === 110) return this.literal(i, 'null');
    if (c === 45 || (c >= 48 && c <= 57)) return this.readNumber(i);
    return this.fail('Unexpected character', i);
  }

  /** A number into `num`, or -1 into `num` when the value has another type (skipped). */
  readNumberOrAbsent(i: number, depth: number): number {
    const c = this.s[i] as number;
    if (c === 45 || (c >= 48 && c <= 57)) return this.readNumber(i);
    this.num = -1;
    return this.skipValue(i, depth);
  }

  /** At a key's opening quote (after whitespace): sets `key`, returns the index of the value (after ':' and whitespace). */
  readKey(i: number): number {
    const s = this.s;
    if ((s[i] as number) !== 34) this.fail('Expected a key', i);
    const start = i + 1;
    let j = start;
    let c = s[j] as number;
    while (c !== 34 && c !== 92 && c >= 32) c = s[++j] as number;
    if (c === 34) {
      this.key = keyCode(s, start, j - start);
      j++;
    } else {
      // Rare: escapes in a key. Validate, decode and look it up by name.
      j = this.skipString(i);
      this.key = keyCodeOfName(this.decodeString(i, j));
    }
    j = this.skipWs(j);
    if ((s[j] as number) !== 58) this.fail("Expected ':'", j);
    return this.skipWs(j + 1);
  }

  /** After a member: index past ',' (more to come) or past `close` with `more` = false. */
  afterMember(i: number, close: number): number {
    i = this.skipWs(i);
    const c = this.s[i] as number;
    if (c === 44) {
      this.more = true;
      return this.skipWs(i + 1);
    }
    if (c === close) {
      this.more = false;
      return i + 1;
    }
    return this.fail(close === 125 ? "Expected ',' or '}'" : "Expected ',' or ']'", i);
  }
}
