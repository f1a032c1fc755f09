// The document around the auctions: an object whose `auctions` array is read auction by auction
// (compact fast path first, the general reader where it gives up), every other member validated and
// skipped.
import { readCompactAuction } from './auction-compact';
import type { AuctionFields } from './auction-fields';
import { readAuctionObject } from './auction-general';
import { K_AUCTIONS } from './auction-keys';
import type { JsonScanner } from './json-scan';
import type { RealmAccumulator } from './realm-accumulator';

/** At '[' of the auctions array: reduces every auction into `out`. */
function readAuctions(sc: JsonScanner, i: number, out: RealmAccumulator, f: AuctionFields): number {
  const s = sc.s;
  out.reset();
  i = sc.skipWs(i + 1);
  if ((s[i] as number) === 93) return i + 1;
  for (;;) {
    const next = readCompactAuction(sc, i, f);
    if (next >= 0) {
      i = next;
      out.addAuction(f);
    } else if ((s[i] as number) !== 123) {
      // Not an object: counted as an auction, as JSON.parse's array length would.
      i = sc.skipValue(i, 2);
      out.auctionCount++;
    } else {
      i = readAuctionObject(sc, i, f);
      out.addAuction(f);
    }
    i = sc.afterMember(i, 93);
    if (!sc.more) return i;
  }
}

/** The whole document into `out`; throws IngestError when it is not valid JSON or has no auctions array. */
export function readDump(sc: JsonScanner, out: RealmAccumulator, f: AuctionFields): void {
  const s = sc.s;
  let i = 0;
  if ((s[0] as number) === 0xef && (s[1] as number) === 0xbb && (s[2] as number) === 0xbf) i = 3; // UTF-8 byte order mark
  i = sc.skipWs(i);
  if ((s[i] as number) !== 123) sc.fail("Expected '{'", i);
  let sawAuctions = false;
  i = sc.skipWs(i + 1);
  if ((s[i] as number) === 125) i++;
  else
    for (;;) {
      i = sc.readKey(i);
      if (sc.key === K_AUCTIONS && (s[i] as number) === 91) {
        // A repeated "auctions" member replaces the earlier one, as with JSON.parse.
        i = readAuctions(sc, i, out, f);
        sawAuctions = true;
      } else i = sc.skipValue(i, 1);
      i = sc.afterMember(i, 125);
      if (!sc.more) break;
    }
  i = sc.skipWs(i);
  if (i < sc.end) sc.fail('Unexpected data after the document', i);
  if (!sawAuctions) sc.fail('No auctions array', 0);
}
