// How fresh market data is kept. Blizzard publishes a whole region in one batch (EU realms within seconds
// of each other, US realms over one to three minutes); the ingesting process probes a few sentinel realms
// from shortly before the next batch is due, fetches the whole region on the first change, and keeps
// re-probing the realms that did not change yet. A realm still unchanged this long after its region's
// batch began is late: shown with its age, and its deals carry the stale reason.
export const LATE_AFTER_SECONDS = 10 * 60;
/** Sentinel and re-probe period while a batch is due or landing. */
export const PROBE_EVERY_MS = 10_000;
/** The full poll of every realm stays as a safety net (MARKET_POLL_MINUTES, this by default). */
export const FULL_POLL_MINUTES = 10;
