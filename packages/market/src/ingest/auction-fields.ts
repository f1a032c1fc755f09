// The fields of the auction being read, as the readers (auction-compact.ts, auction-general.ts)
// leave them for the accumulator (realm-accumulator.ts). One instance per ingest call is reused for
// every auction, so reading an auction allocates nothing.
import { TIME_LEFT_UNKNOWN } from './time-left';
import { grown } from '../grown';

export class AuctionFields {
  /** Auction id; -1 when absent or not a number. */
  id = -1;
  /** Item id; -1 when absent or not a number (the auction is then counted, not priced). */
  itemId = -1;
  /** Copper for the whole stack; -1 when absent. */
  buyout = -1;
  /** Copper per unit (commodities); -1 when absent. */
  unit = -1;
  quantity = 1;
  /** Drop level (modifier type 9); -1 when absent. */
  drop = -1;
  /** Crafted secondary stat ids (modifiers 29 and 30); -1 when absent. */
  craft1 = -1;
  craft2 = -1;
  petSpecies = 0;
  petLevel = 0;
  petQuality = 0;
  /** time-left.ts code. */
  timeLeft = TIME_LEFT_UNKNOWN;
  /** Bonus ids in document order (the accumulator sorts them into the signature). */
  bonus = new Int32Array(64);
  bonusLength = 0;

  /** Forgets the item: a repeated "item" member replaces the earlier one, as with JSON.parse. */
  resetItem(): void {
    this.itemId = -1;
    this.drop = -1;
    this.craft1 = -1;
    this.craft2 = -1;
    this.petSpecies = 0;
    this.petLevel = 0;
    this.petQuality = 0;
    this.bonusLength = 0;
  }

  /** Forgets everything read so far (the general reader starts each auction from scratch). */
  reset(): void {
    this.resetItem();
    this.id = -1;
    this.buyout = -1;
    this.unit = -1;
    this.quantity = 1;
    this.timeLeft = TIME_LEFT_UNKNOWN;
  }

  pushBonus(v: number): void {
    if (this.bonusLength === this.bonus.length) this.bonus = grown(this.bonus, this.bonus.length * 2);
    this.bonus[this.bonusLength++] = v;
  }
}
