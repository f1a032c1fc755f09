// Fast path for Blizzard's own compact layout of one auction
//   {"id":N,"item":{"id":N[,"context":N][,"bonus_lists":[..]][,"modifiers":[{"type":N,"value":N},..]]
//   [,"pet_breed_id":N][,"pet_level":N][,"pet_quality_id":N][,"pet_species_id":N]}[,"bid":N]
//   [,"buyout":N],"quantity":N[,"unit_price":N][,"time_left":"X"]}
// matched literally. Nearly every auction of a real dump fits, and matching fixed byte strings is
// much cheaper than reading keys. It consumes only valid JSON and gives up (-1) at the first byte
// that does not fit; the general reader (auction-general.ts) then reads that auction again from
// its start, so nothing here ever refuses a document.
import type { AuctionFields } from './auction-fields';
import type { JsonScanner } from './json-scan';
import {
  TIME_LEFT_LONG,
  TIME_LEFT_MEDIUM,
  TIME_LEFT_SHORT,
  TIME_LEFT_UNKNOWN,
  TIME_LEFT_VERY_LONG,
} from './time-left';
import { CRAFTED_STAT_1, CRAFTED_STAT_2, DROP_LEVEL_MODIFIER } from '../variants';

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
const V_SHORT = utf8('SHORT"');
const V_MEDIUM = utf8('MEDIUM"');
const V_LONG = utf8('LONG"');
const V_VERY_LONG = utf8('VERY_LONG"');

/** Whether the bytes of `p` are at `i` (a dozen calls per auction, so kept small to be inlined). */
function lit(s: Uint8Array, i: number, p: Uint8Array): boolean {
  for (let k = 0; k < p.length; k++) if (s[i + k] !== p[k]) return false;
  return true;
}

/** At an auction: fills `f` and returns the index after the auction, or -1 when it is not compact. */
export function readCompactAuction(sc: JsonScanner, i: number, f: AuctionFields): number {
  const s = sc.s;
  if (!lit(s, i, P_AUCTION)) return -1;
  i = sc.fastUint(i + P_AUCTION.length);
  if (i < 0 || !lit(s, i, P_ITEM)) return -1;
  const id = sc.num;
  i = sc.fastUint(i + P_ITEM.length);
  if (i < 0) return -1;
  f.id = id;
  f.itemId = sc.num;
  let drop = -1;
  let craft1 = -1;
  let craft2 = -1;
  let petS = 0;
  let petL = 0;
  let petQ = 0;
  f.bonusLength = 0;
  if (lit(s, i, P_CONTEXT)) {
    i = sc.fastUint(i + P_CONTEXT.length);
    if (i < 0) return -1;
  }
  if (lit(s, i, P_BONUS)) {
    i += P_BONUS.length;
    if (s[i] === 93) i++;
    else
      for (;;) {
        i = sc.fastUint(i);
        if (i < 0) return -1;
        f.pushBonus(sc.num);
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
        i = sc.fastUint(i + P_TYPE.length);
        if (i < 0 || !lit(s, i, P_VALUE)) return -1;
        const type = sc.num;
        i = sc.fastUint(i + P_VALUE.length);
        if (i < 0 || s[i] !== 125) return -1;
        if (type === DROP_LEVEL_MODIFIER) drop = sc.num;
        else if (type === CRAFTED_STAT_1) craft1 = sc.num;
        else if (type === CRAFTED_STAT_2) craft2 = sc.num;
        const c = s[i + 1];
        i += 2;
        if (c === 93) break;
        if (c !== 44) return -1;
      }
  }
  if (lit(s, i, P_PET_BREED)) {
    i = sc.fastUint(i + P_PET_BREED.length);
    if (i < 0) return -1;
  }
  if (lit(s, i, P_PET_LEVEL)) {
    i = sc.fastUint(i + P_PET_LEVEL.length);
    if (i < 0) return -1;
    petL = sc.num;
  }
  if (lit(s, i, P_PET_QUALITY)) {
    i = sc.fastUint(i + P_PET_QUALITY.length);
    if (i < 0) return -1;
    petQ = sc.num;
  }
  if (lit(s, i, P_PET_SPECIES)) {
    i = sc.fastUint(i + P_PET_SPECIES.length);
    if (i < 0) return -1;
    petS = sc.num;
  }
  if (s[i] !== 125) return -1;
  i++;
  if (lit(s, i, P_BID)) {
    i = sc.fastUint(i + P_BID.length);
    if (i < 0) return -1;
  }
  let buyout = -1;
  if (lit(s, i, P_BUYOUT)) {
    i = sc.fastUint(i + P_BUYOUT.length);
    if (i < 0) return -1;
    buyout = sc.num;
  }
  if (!lit(s, i, P_QUANTITY)) return -1;
  i = sc.fastUint(i + P_QUANTITY.length);
  if (i < 0) return -1;
  const quantity = sc.num;
  let unit = -1;
  if (lit(s, i, P_UNIT_PRICE)) {
    i = sc.fastUint(i + P_UNIT_PRICE.length);
    if (i < 0) return -1;
    unit = sc.num;
  }
  let timeLeft = TIME_LEFT_UNKNOWN;
  if (lit(s, i, P_TIME_LEFT)) {
    i += P_TIME_LEFT.length;
    // Matching the four names with their closing quote costs no more than scanning past them.
    const c = s[i];
    if (c === 76 && lit(s, i, V_LONG)) {
      timeLeft = TIME_LEFT_LONG;
      i += V_LONG.length;
    } else if (c === 86 && lit(s, i, V_VERY_LONG)) {
      timeLeft = TIME_LEFT_VERY_LONG;
      i += V_VERY_LONG.length;
    } else if (c === 83 && lit(s, i, V_SHORT)) {
      timeLeft = TIME_LEFT_SHORT;
      i += V_SHORT.length;
    } else if (c === 77 && lit(s, i, V_MEDIUM)) {
      timeLeft = TIME_LEFT_MEDIUM;
      i += V_MEDIUM.length;
    } else {
      // Another printable escape-free string reads as TIME_LEFT_UNKNOWN; anything else is left
      // to the general reader.
      let d = s[i] as number;
      while (d >= 32 && d < 127 && d !== 34 && d !== 92) d = s[++i] as number;
      if (d !== 34) return -1;
      i++;
    }
  }
  if (s[i] !== 125) return -1;
  // Matched: the scalars were kept in locals until now (cheaper than object stores on the way).
  f.drop = drop;
  f.craft1 = craft1;
  f.craft2 = craft2;
  f.petSpecies = petS;
  f.petLevel = petL;
  f.petQuality = petQ;
  f.buyout = buyout;
  f.quantity = quantity;
  f.unit = unit;
  f.timeLeft = timeLeft;
  return i + 1;
}
