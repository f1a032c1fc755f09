// A realm's auction dump as Blizzard serves it (GET /data/wow/connected-realm/{id}/auctions),
// written as JSON text chunks from the market's book so memory stays bounded for any realm size.
import type { Market } from './market';
import { MINUTES_PER_HOUR, timeLeft } from './market-params';
import { postedPrice } from './pricing';
import { hash4, unit } from './random';
import type { RegionCode } from './realms';

/** Share of auctions that also carry a bid (non-commodity auctions may). */
const BID_SHARE = 0.2;

export function* auctionDumpChunks(
  market: Market,
  region: RegionCode,
  realmId: number,
  absHour: number,
  origin: string,
  chunkSize: number,
): Generator<string, void, undefined> {
  // A copy: the cached book may step to another hour while this dump is still being streamed.
  const book = market.book(market.slot(region, realmId), absHour).copy();
  const { catalog } = market;
  const seed = catalog.seed;
  const dumpMinute = absHour * MINUTES_PER_HOUR;
  const href = `${origin}/data/wow/connected-realm/${realmId}`;
  let buf =
    `{"_links":{"self":{"href":"${href}/auctions?namespace=dynamic-${region}"}},` +
    `"connected_realm":{"href":"${href}?namespace=dynamic-${region}"},"auctions":[`;
  for (let i = 0; i < book.length; i++) {
    const id = book.id[i] ?? 0;
    const quantity = book.quantity[i] ?? 1;
    const buyout = (book.unitPrice[i] ?? 0) * quantity;
    let bidPart = '';
    // Drawn from the id, so an auction keeps its bid from dump to dump.
    const bidDraw = hash4(seed ^ 0xb1d, id, 2);
    if (unit(bidDraw) < BID_SHARE) {
      const fraction = 0.5 + 0.4 * unit(hash4(seed ^ 0xb1d, id, 3));
      bidPart = `,"bid":${Math.min(buyout, postedPrice(buyout * fraction))}`;
    }
    const item = catalog.auctionItemJson(book.key[i] ?? 0, book.variant[i] ?? 0, book.itemSeed[i] ?? 0);
    const left = timeLeft((book.expiresAt[i] ?? 0) - dumpMinute);
    buf +=
      `${i === 0 ? '' : ','}{"id":${id},"item":${item}${bidPart}` +
      `,"buyout":${buyout},"quantity":${quantity},"time_left":"${left}"}`;
    if (buf.length >= chunkSize) {
      yield buf;
      buf = '';
    }
  }
  buf += `],"commodities":{"href":"${origin}/data/wow/auctions/commodities?namespace=dynamic-${region}"}}`;
  yield buf;
}
