// The general reader of one auction: any key order, any whitespace, escaped keys, unknown members
// and values of unexpected types (skipped after validation, the auction is then counted but not
// priced). It runs only where the compact fast path (auction-compact.ts) gave up.
import type { AuctionFields } from './auction-fields';
import {
  K_BONUS_LISTS,
  K_BUYOUT,
  K_ID,
  K_ITEM,
  K_MODIFIERS,
  K_PET_LEVEL,
  K_PET_QUALITY,
  K_PET_SPECIES,
  K_QUANTITY,
  K_TIME_LEFT,
  K_TYPE,
  K_UNIT_PRICE,
  K_VALUE,
} from './auction-keys';
import type { JsonScanner } from './json-scan';
import { TIME_LEFT_UNKNOWN, timeLeftCode, timeLeftCodeOfName } from './time-left';
import { CRAFTED_STAT_1, CRAFTED_STAT_2, DROP_LEVEL_MODIFIER } from '../variants';

// Nesting depths passed to skipValue: the document is 1, the auctions array 2, an auction's
// members 3, the item's members 4, bonus and modifier entries 5, a modifier's members 6.

/** At '[' of bonus_lists: reads the integers into `f.bonus` (other values are skipped). */
function readBonusLists(sc: JsonScanner, i: number, f: AuctionFields): number {
  const s = sc.s;
  f.bonusLength = 0;
  i = sc.skipWs(i + 1);
  if ((s[i] as number) === 93) return i + 1;
  for (;;) {
    const c = s[i] as number;
    if (c === 45 || (c >= 48 && c <= 57)) {
      i = sc.readNumber(i);
      f.pushBonus(sc.num);
    } else i = sc.skipValue(i, 5);
    i = sc.afterMember(i, 93);
    if (!sc.more) return i;
  }
}

/** At '[' of modifiers: sets `f.drop` to the drop level (modifier type 9) and the crafted stats, or -1. */
function readModifiers(sc: JsonScanner, i: number, f: AuctionFields): number {
  const s = sc.s;
  let drop = -1;
  let craft1 = -1;
  let craft2 = -1;
  i = sc.skipWs(i + 1);
  if ((s[i] as number) !== 93)
    for (;;) {
      if ((s[i] as number) !== 123) i = sc.skipValue(i, 5);
      else {
        let type = -1;
        let value = -1;
        i = sc.skipWs(i + 1);
        if ((s[i] as number) === 125) i++;
        else
          for (;;) {
            i = sc.readKey(i);
            if (sc.key === K_TYPE) {
              i = sc.readNumberOrAbsent(i, 6);
              type = sc.num;
            } else if (sc.key === K_VALUE) {
              i = sc.readNumberOrAbsent(i, 6);
              value = sc.num;
            } else i = sc.skipValue(i, 6);
            i = sc.afterMember(i, 125);
            if (!sc.more) break;
          }
        if (type === DROP_LEVEL_MODIFIER && value >= 0) drop = value;
        else if (type === CRAFTED_STAT_1 && value >= 0) craft1 = value;
        else if (type === CRAFTED_STAT_2 && value >= 0) craft2 = value;
      }
      i = sc.afterMember(i, 93);
      if (!sc.more) break;
    }
  else i++;
  f.drop = drop;
  f.craft1 = craft1;
  f.craft2 = craft2;
  return i;
}

/** At the value of "item": reads its id, bonus ids, drop level and pet fields. */
function readItem(sc: JsonScanner, i: number, f: AuctionFields): number {
  const s = sc.s;
  f.resetItem();
  if ((s[i] as number) !== 123) return sc.skipValue(i, 3);
  i = sc.skipWs(i + 1);
  if ((s[i] as number) === 125) return i + 1;
  for (;;) {
    i = sc.readKey(i);
    switch (sc.key) {
      case K_ID:
        i = sc.readNumberOrAbsent(i, 4);
        f.itemId = sc.num;
        break;
      case K_BONUS_LISTS:
        if ((s[i] as number) === 91) i = readBonusLists(sc, i, f);
        else {
          i = sc.skipValue(i, 4);
          f.bonusLength = 0;
        }
        break;
      case K_MODIFIERS:
        if ((s[i] as number) === 91) i = readModifiers(sc, i, f);
        else {
          i = sc.skipValue(i, 4);
          f.drop = -1;
          f.craft1 = -1;
          f.craft2 = -1;
        }
        break;
      case K_PET_SPECIES:
        i = sc.readNumberOrAbsent(i, 4);
        f.petSpecies = sc.num;
        break;
      case K_PET_LEVEL:
        i = sc.readNumberOrAbsent(i, 4);
        f.petLevel = sc.num;
        break;
      case K_PET_QUALITY:
        i = sc.readNumberOrAbsent(i, 4);
        f.petQuality = sc.num;
        break;
      default:
        i = sc.skipValue(i, 4);
    }
    i = sc.afterMember(i, 125);
    if (!sc.more) return i;
  }
}

/** At the value of "time_left": its code into `f.timeLeft` (TIME_LEFT_UNKNOWN unless a known name). */
function readTimeLeft(sc: JsonScanner, i: number, f: AuctionFields): number {
  const s = sc.s;
  if ((s[i] as number) !== 34) {
    f.timeLeft = TIME_LEFT_UNKNOWN;
    return sc.skipValue(i, 3);
  }
  let j = i + 1;
  let c = s[j] as number;
  while (c !== 34 && c !== 92 && c >= 32) c = s[++j] as number;
  if (c === 34) {
    f.timeLeft = timeLeftCode(s, i + 1, j - i - 1);
    return j + 1;
  }
  // Escapes (or a control character, which skipString refuses): validate, decode, look up.
  j = sc.skipString(i);
  f.timeLeft = timeLeftCodeOfName(sc.decodeString(i, j));
  return j;
}

/** At '{' of an auction: fills `f` from scratch; returns the index after the auction. */
export function readAuctionObject(sc: JsonScanner, i: number, f: AuctionFields): number {
  const s = sc.s;
  f.reset();
  i = sc.skipWs(i + 1);
  if ((s[i] as number) === 125) return i + 1;
  for (;;) {
    i = sc.readKey(i);
    const k = sc.key;
    if (k === K_ITEM) i = readItem(sc, i, f);
    else if (k === K_BUYOUT) {
      i = sc.readNumberOrAbsent(i, 3);
      f.buyout = sc.num;
    } else if (k === K_QUANTITY) {
      i = sc.readNumberOrAbsent(i, 3);
      f.quantity = sc.num;
    } else if (k === K_UNIT_PRICE) {
      i = sc.readNumberOrAbsent(i, 3);
      f.unit = sc.num;
    } else if (k === K_ID) {
      i = sc.readNumberOrAbsent(i, 3);
      f.id = sc.num;
    } else if (k === K_TIME_LEFT) i = readTimeLeft(sc, i, f);
    else i = sc.skipValue(i, 3);
    i = sc.afterMember(i, 125);
    if (!sc.more) return i;
  }
}
