// Exports to game add-ons: Auctionator shopping lists and the TSM group string (FORMATS.md).
import { QUALITY_NONE } from './enums';
import { categoryOf, qualityIdOf } from './filters';
import { EXPORT_TEXTS } from './messages';
import { isPet } from './trade-item';
import type { TradeItem } from './trade-item';

/**
 * The rows an export is built from: all of them, or with "High-confidence rows only" just the deals
 * rated high, so a shopping list never sends the trader after bait or a dead listing.
 */
export function exportRows<T extends Pick<TradeItem, 'confidence'>>(
  rows: readonly T[],
  highConfidenceOnly: boolean,
): T[] {
  return highConfidenceOnly ? rows.filter((row) => row.confidence === 'high') : [...rows];
}

// Categories whose searches get an item-level window (SPEC §9).
const ILVL_RANGE_CATEGORIES: readonly string[] = ['Armor', 'Weapon', 'Profession'];

type AuctionatorRow = Pick<
  TradeItem,
  | 'uniqueTradeKey'
  | 'id'
  | 'name'
  | 'class'
  | 'subclass'
  | 'quality'
  | 'itemLevel'
  | 'buyBuyout'
  | 'buyingConnectedRealmId'
  | 'buyingConnectedRealmName'
>;

/** Whether the row's search gets an item-level window: armor, weapon or profession, never a pet (SPEC §9). */
function takesIlvlWindow(row: AuctionatorRow): boolean {
  return !isPet(row) && ILVL_RANGE_CATEGORIES.includes(categoryOf(row));
}

/**
 * A row whose search needs an item-level window but whose level is unknown (the bonus data is behind the
 * game) cannot be written: a window around a guessed level searches for the wrong variant, and no window
 * at all lets the buy price match every variant of the item. Such rows are left out of the lists.
 */
export function unknownIlvlLeftOut(row: AuctionatorRow): boolean {
  return row.itemLevel === null && takesIlvlWindow(row);
}

// '^' splits terms, ';' splits fields, line breaks split lists: none may survive inside a value.
function stripSeparators(text: string): string {
  return text.replace(/[\^;\r\n]/g, '');
}

/**
 * One advanced-search term:
 * "name";category;minIlvl;maxIlvl;minLvl;maxLvl;minCraftedLvl;maxCraftedLvl;minPrice;maxPrice;quality;tier;expansion;quantity
 *
 * - category stays empty: Auctionator resolves it against the game client's localized class
 *   names ("Armor", "Miscellaneous/Mount"), which our categories do not match one-to-one, and
 *   the exact-name search already pins the item.
 * - tier, expansion and quantity stay empty (any): our patchNumber counts from 1 while the
 *   game's expansion index counts from 0, and a wrong value would hide every result.
 *
 * null: the row cannot be written (unknownIlvlLeftOut).
 */
export function auctionatorTerm(row: AuctionatorRow): string | null {
  let minIlvl = 0;
  let maxIlvl = 0;
  if (takesIlvlWindow(row)) {
    if (row.itemLevel === null) return null; // unknownIlvlLeftOut
    const ilvl = Math.round(row.itemLevel);
    minIlvl = ilvl - 1;
    maxIlvl = ilvl + 1;
  }
  const maxPrice = Math.round(row.buyBuyout + 1);
  const quality = qualityIdOf(row);
  const qualityField = quality === QUALITY_NONE ? '' : String(quality);
  const name = stripSeparators(row.name);
  return `"${name}";;${minIlvl};${maxIlvl};0;0;0;0;0;${maxPrice};${qualityField};;;`;
}

/**
 * One line per buying realm, "GoldRoute Buy from {realm}^term^term", in the order realms first
 * appear. Unchecked rows are left out, and so are rows of unknown item level that need a window
 * (auctionatorLeftOutCount counts those); identical terms on one realm are written once.
 */
export function auctionatorLists(
  rows: readonly AuctionatorRow[],
  uncheckedTradeKeys: Iterable<string> = [],
): string {
  const unchecked = new Set(uncheckedTradeKeys);
  const lists = new Map<number, { realm: string; terms: Set<string> }>();
  for (const row of rows) {
    if (unchecked.has(row.uniqueTradeKey)) continue;
    const term = auctionatorTerm(row);
    if (term === null) continue;
    let list = lists.get(row.buyingConnectedRealmId);
    if (!list) {
      list = { realm: stripSeparators(row.buyingConnectedRealmName), terms: new Set() };
      lists.set(row.buyingConnectedRealmId, list);
    }
    list.terms.add(term);
  }
  return [...lists.values()]
    .map(({ realm, terms }) => [EXPORT_TEXTS.auctionatorListName(realm), ...terms].join('^'))
    .join('\n');
}

/**
 * How many rows auctionatorLists leaves out although they are included (not unchecked) because their
 * item level is unknown (unknownIlvlLeftOut): the popup says so, or the trader would miss them unwarned.
 */
export function auctionatorLeftOutCount(
  rows: readonly AuctionatorRow[],
  uncheckedTradeKeys: Iterable<string> = [],
): number {
  const unchecked = new Set(uncheckedTradeKeys);
  let count = 0;
  for (const row of rows) if (!unchecked.has(row.uniqueTradeKey) && unknownIlvlLeftOut(row)) count++;
  return count;
}

type TsmRow = Pick<TradeItem, 'uniqueTradeKey' | 'id' | 'realPetId'>;

/**
 * TSM group import string: i:{id} for items, p:{realPetId} for pets, comma-separated, no repeats. It
 * names no item level, so rows of unknown level are written like any other.
 */
export function tsmString(items: readonly TsmRow[], uncheckedTradeKeys: Iterable<string> = []): string {
  const unchecked = new Set(uncheckedTradeKeys);
  const tokens = new Set<string>();
  for (const item of items) {
    if (unchecked.has(item.uniqueTradeKey)) continue;
    if (isPet(item)) {
      // A pet without a species id cannot be expressed in TSM's format.
      if (item.realPetId !== null) tokens.add(`p:${item.realPetId}`);
    } else {
      tokens.add(`i:${item.id}`);
    }
  }
  return [...tokens].join(',');
}
