/**
 * Timing-oracle checks: whether a call takes as long for an address with an account as for one without.
 * Medians of many alternating calls, after a warm-up that pays for JIT and connection set-up.
 */

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface TimingAddresses {
  /** The address with an account. */
  known: string;
  /** The i-th address without one, for the warm-up and for the measured calls. */
  warm: (i: number) => string;
  unknown: (i: number) => string;
}

/**
 * 5 warm-up pairs, then `rounds` pairs of `timed` calls (known, then unknown); logs and returns the medians
 * in ms. `timed` resolves with how long its one call took.
 */
export async function timingMedians(
  label: string,
  timed: (email: string) => Promise<number>,
  addresses: TimingAddresses,
  rounds = 50,
): Promise<{ known: number; unknown: number }> {
  for (let i = 0; i < 5; i++) {
    await timed(addresses.known);
    await timed(addresses.warm(i));
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    known.push(await timed(addresses.known));
    unknown.push(await timed(addresses.unknown(i)));
  }
  const medians = { known: median(known), unknown: median(unknown) };
  console.log(
    `${label} medians (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
      `existing ${medians.known.toFixed(2)} ms, unknown ${medians.unknown.toFixed(2)} ms`,
  );
  return medians;
}
