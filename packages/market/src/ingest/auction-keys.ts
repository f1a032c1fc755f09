// Recognises the object keys the auction reader cares about without building a string: the key's
// length and first byte pick one candidate, then every byte is compared. Keys with escapes are rare
// and go through the by-name lookup instead.

export const K_OTHER = 0;
export const K_AUCTIONS = 1;
export const K_ID = 2;
export const K_ITEM = 3;
export const K_BUYOUT = 4;
export const K_UNIT_PRICE = 5;
export const K_QUANTITY = 6;
export const K_BONUS_LISTS = 7;
export const K_MODIFIERS = 8;
export const K_PET_SPECIES = 9;
export const K_PET_LEVEL = 10;
export const K_PET_QUALITY = 11;
export const K_TYPE = 12;
export const K_VALUE = 13;
export const K_TIME_LEFT = 14;

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
  ['time_left', K_TIME_LEFT],
];
const KEY_BY_NAME = new Map<string, number>(KEY_NAMES);
const KEY_BYTES: Uint8Array[] = [];
for (const [name, code] of KEY_NAMES) KEY_BYTES[code] = new TextEncoder().encode(name);

/** The code of an escape-free key of `len` bytes at `start` (K_OTHER when not one of ours). */
export function keyCode(s: Uint8Array, start: number, len: number): number {
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
      code = c === 109 ? K_MODIFIERS : c === 112 ? K_PET_LEVEL : c === 116 ? K_TIME_LEFT : K_OTHER;
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

/** The code of a decoded key (the rare path for keys written with escapes). */
export function keyCodeOfName(name: string): number {
  return KEY_BY_NAME.get(name) ?? K_OTHER;
}
