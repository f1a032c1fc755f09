// Blizzard's `time_left` of an auction as a one-byte code. The evidence reads it to tell a sale from
// an expiry: an auction gone an hour after it read LONG or VERY_LONG cannot have expired.

export const TIME_LEFT_SHORT = 0;
export const TIME_LEFT_MEDIUM = 1;
export const TIME_LEFT_LONG = 2;
export const TIME_LEFT_VERY_LONG = 3;
export type TimeLeftCode = 0 | 1 | 2 | 3;

/** Names by code: TIME_LEFT_NAMES[code] is what Blizzard writes. */
export const TIME_LEFT_NAMES: readonly string[] = ['SHORT', 'MEDIUM', 'LONG', 'VERY_LONG'];

/**
 * What an absent, non-string or unknown `time_left` reads as. Such a value is valid JSON, and the
 * scanner tolerates odd values elsewhere (a bad bonus id is skipped, not fatal), so it does not
 * refuse the dump: refusing would freeze the realm's prices over a field the prices do not need.
 * The cost: an auction read this way counts as one that could not have expired within the hour,
 * so its disappearance looks like a sale. Blizzard always sends one of the four names, so this
 * only matters if the format changes.
 */
export const TIME_LEFT_UNKNOWN = TIME_LEFT_VERY_LONG;

const NAME_BYTES = TIME_LEFT_NAMES.map((name) => new TextEncoder().encode(name));

/** The code of the escape-free string value of `len` bytes at `start`. */
export function timeLeftCode(s: Uint8Array, start: number, len: number): number {
  // The four names differ in length, so the length picks the only candidate.
  const code =
    len === 4
      ? TIME_LEFT_LONG
      : len === 9
        ? TIME_LEFT_VERY_LONG
        : len === 5
          ? TIME_LEFT_SHORT
          : len === 6
            ? TIME_LEFT_MEDIUM
            : -1;
  if (code < 0) return TIME_LEFT_UNKNOWN;
  const bytes = NAME_BYTES[code] as Uint8Array;
  for (let k = 0; k < len; k++) if (s[start + k] !== bytes[k]) return TIME_LEFT_UNKNOWN;
  return code;
}

/** The code of a decoded string (the rare path for values written with escapes). */
export function timeLeftCodeOfName(name: string): number {
  const code = TIME_LEFT_NAMES.indexOf(name);
  return code < 0 ? TIME_LEFT_UNKNOWN : code;
}
