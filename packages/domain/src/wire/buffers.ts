// Growable number lists and the spare buffers the writer works in: an answer's columns are a few large
// typed arrays, lent and given back, not one fresh array per column and answer.

/** Numbers appended one by one into a typed array (a plain array of ~35,000 doubles per column churns). */
export class NumberList {
  private data: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Float64Array(Math.max(16, capacity));
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }

  at(i: number): number {
    return this.data[i]!;
  }

  /** The numbers so far (a view: it changes with the list until the list grows). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Spare buffers for an answer's working columns (~12 MB at full size), lent to a writer and given back
 * when its answer is written. Allocated anew for every answer, they brought on a full garbage collection
 * of the whole heap (it holds the snapshot) every few answers. A borrowed buffer holds old numbers:
 * borrowers write every cell before reading it.
 */
const spares: Float64Array[] = [];
const MAX_SPARES = 4;

/** A buffer of at least `length` numbers: the smallest spare that fits, else a new one. */
export function borrowScratch(length: number): Float64Array {
  let best = -1;
  for (let i = 0; i < spares.length; i++) {
    if (spares[i]!.length >= length && (best < 0 || spares[i]!.length < spares[best]!.length)) best = i;
  }
  if (best < 0) return new Float64Array(length);
  return spares.splice(best, 1)[0]!.subarray(0, length);
}

/** Gives a borrowed buffer back (any view of it): the largest few are kept. */
export function returnScratch(buffer: Float64Array): void {
  if (spares.some((spare) => spare.buffer === buffer.buffer)) return;
  spares.push(new Float64Array(buffer.buffer));
  spares.sort((a, b) => b.length - a.length);
  spares.length = Math.min(spares.length, MAX_SPARES);
}
