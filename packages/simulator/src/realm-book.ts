// The listings of one connected realm at one dump, as parallel typed arrays (31 bytes a
// listing): compact enough to keep every realm of the default size in memory, so the next hour
// is one step away: drop what left, append what was posted.
import type { ListingKind, Posting } from './realm-postings';

export class RealmBook {
  /** Absolute hour of the dump these listings make. */
  hour = Number.NaN;
  length = 0;
  id = new Uint32Array(0);
  itemSeed = new Uint32Array(0);
  key = new Uint32Array(0);
  variant = new Uint8Array(0);
  kind = new Uint8Array(0);
  quantity = new Uint8Array(0);
  unitPrice = new Float64Array(0);
  /** Absolute minute the auction's time runs out. */
  expiresAt = new Int32Array(0);
  /** Absolute minute it leaves (sold, cancelled or expired). */
  exitAt = new Int32Array(0);

  clear(hour: number): void {
    this.hour = hour;
    this.length = 0;
  }

  append(p: Readonly<Posting>, unitPrice: number): void {
    if (this.length === this.id.length) this.grow(Math.max(1024, Math.ceil(this.length * 1.5)));
    const i = this.length++;
    this.id[i] = p.id;
    this.itemSeed[i] = p.itemSeed;
    this.key[i] = p.key;
    this.variant[i] = p.variant;
    this.kind[i] = p.kind;
    this.quantity[i] = p.quantity;
    this.unitPrice[i] = unitPrice;
    this.expiresAt[i] = p.expiresAt;
    this.exitAt[i] = p.exitAt;
  }

  /** Keeps, in order, the listings still there at absolute minute `minute`. */
  dropGoneBy(minute: number): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      if ((this.exitAt[i] ?? 0) <= minute) continue;
      if (kept !== i) {
        this.id[kept] = this.id[i] ?? 0;
        this.itemSeed[kept] = this.itemSeed[i] ?? 0;
        this.key[kept] = this.key[i] ?? 0;
        this.variant[kept] = this.variant[i] ?? 0;
        this.kind[kept] = this.kind[i] ?? 0;
        this.quantity[kept] = this.quantity[i] ?? 0;
        this.unitPrice[kept] = this.unitPrice[i] ?? 0;
        this.expiresAt[kept] = this.expiresAt[i] ?? 0;
        this.exitAt[kept] = this.exitAt[i] ?? 0;
      }
      kept++;
    }
    this.length = kept;
  }

  kindAt(i: number): ListingKind {
    return (this.kind[i] ?? 0) as ListingKind;
  }

  /** An independent copy trimmed to its length (a dump being streamed must not see later steps). */
  copy(): RealmBook {
    const c = new RealmBook();
    c.hour = this.hour;
    c.length = this.length;
    c.id = this.id.slice(0, this.length);
    c.itemSeed = this.itemSeed.slice(0, this.length);
    c.key = this.key.slice(0, this.length);
    c.variant = this.variant.slice(0, this.length);
    c.kind = this.kind.slice(0, this.length);
    c.quantity = this.quantity.slice(0, this.length);
    c.unitPrice = this.unitPrice.slice(0, this.length);
    c.expiresAt = this.expiresAt.slice(0, this.length);
    c.exitAt = this.exitAt.slice(0, this.length);
    return c;
  }

  /** Bytes held by the arrays. */
  bytes(): number {
    return this.id.length * (4 + 4 + 4 + 1 + 1 + 1 + 8 + 4 + 4);
  }

  private grow(capacity: number): void {
    const grow = <T extends Uint32Array | Uint8Array | Float64Array | Int32Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(capacity);
      b.set(a.subarray(0, this.length));
      return b;
    };
    this.id = grow(this.id, (n) => new Uint32Array(n));
    this.itemSeed = grow(this.itemSeed, (n) => new Uint32Array(n));
    this.key = grow(this.key, (n) => new Uint32Array(n));
    this.variant = grow(this.variant, (n) => new Uint8Array(n));
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.quantity = grow(this.quantity, (n) => new Uint8Array(n));
    this.unitPrice = grow(this.unitPrice, (n) => new Float64Array(n));
    this.expiresAt = grow(this.expiresAt, (n) => new Int32Array(n));
    this.exitAt = grow(this.exitAt, (n) => new Int32Array(n));
  }
}
