// Trade items and dropship groups, as the SPEC JSON carries them, into the compact encoding
// (answer-format.ts). The server's engine writes the same format without row objects; this encoder is for
// rows already built: tests, and the client when an older server (or a proxy) answered the SPEC JSON.
// The rows' figures (their trust among them) go as the rows carry them.
import { TRADE_ITEM_VARIANT_FIELDS, type DropshipGroup, type TradeItem } from '../trade-item';
import { predictedTradeKey } from './predictions';
import { TradeColumnsWriter } from './writer';

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Whether two rows agree on every variant field (then they share one entry of the variant table). */
function sameVariant(a: TradeItem, b: TradeItem): boolean {
  for (const field of TRADE_ITEM_VARIANT_FIELDS) {
    const x = a[field];
    const y = b[field];
    if (Array.isArray(x) && Array.isArray(y) ? !sameList(x, y) : !Object.is(x, y)) return false;
  }
  return true;
}

/** Adds rows to the writer; a variant is shared by the rows whose variant fields are all equal. */
function itemsWriter(writer: TradeColumnsWriter): (items: readonly TradeItem[]) => void {
  const variants = new Map<string, { index: number; item: TradeItem }[]>();
  return (items) => {
    for (const item of items) {
      const known = variants.get(item.uniqueItemKey);
      let variant = known?.find((k) => sameVariant(k.item, item))?.index;
      if (variant === undefined) {
        variant = writer.variant(item);
        if (known) known.push({ index: variant, item });
        else variants.set(item.uniqueItemKey, [{ index: variant, item }]);
      }
      const e = item.evidence;
      const buyId = item.buyingConnectedRealmId;
      const sellId = item.sellingConnectedRealmId;
      writer.row({
        variant,
        buyRealm: writer.realm(
          buyId,
          item.buyingConnectedRealmName,
          item.buyingConnectedRealmPopulation,
          e.buyRealmUpdatedAt,
        ),
        sellRealm: writer.realm(
          sellId,
          item.sellingConnectedRealmName,
          item.sellingConnectedRealmPopulation,
          e.sellRealmUpdatedAt,
        ),
        tradeKey:
          item.uniqueTradeKey === predictedTradeKey(item.uniqueItemKey, buyId, sellId)
            ? null
            : item.uniqueTradeKey,
        buyBuyout: item.buyBuyout,
        sellBuyout: item.sellBuyout,
        sellAHCut: item.sellAHCut,
        sellVsBuy: item.sellVsBuy,
        saleAvgVsBuy: item.saleAvgVsBuy,
        realisticProfit: item.realisticProfit,
        saleChance: item.saleChance,
        confidence: item.confidence,
        flags: item.flags,
        evidence: e,
      });
    }
  };
}

/** The flipping (undercut) answer `{ data: { items, update: { lastModified } } }`, compact. */
export function encodeFlippingAnswer(
  items: readonly TradeItem[],
  lastModified: number,
): Uint8Array<ArrayBuffer> {
  const writer = new TradeColumnsWriter();
  itemsWriter(writer)(items);
  return writer.bytes(lastModified);
}

/**
 * The dropship answer, compact: the groups' variants as rows plus a size each. The encoding has no room
 * for a mainItem that is not the group's first variant (the server never sends one): such a group is
 * refused, not changed.
 */
export function encodeDropshipAnswer(
  groups: readonly DropshipGroup[],
  lastModified: number,
  found: number = groups.length,
): Uint8Array<ArrayBuffer> {
  const writer = new TradeColumnsWriter();
  const write = itemsWriter(writer);
  for (const group of groups) {
    const first = group.variants[0];
    if (!first || JSON.stringify(first) !== JSON.stringify(group.mainItem)) {
      throw new RangeError(`dropship group ${group.key}: mainItem is not its first variant`);
    }
    write(group.variants);
  }
  return writer.bytes(lastModified, {
    key: groups.map((g) => g.key),
    size: groups.map((g) => g.variants.length),
    bestProfit: groups.map((g) => g.bestProfit),
    totalCount: groups.map((g) => g.totalCount),
    found,
  });
}
