import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAccountsHarness, type AccountsHarness } from './accounts';
import { launchBrowser } from './browser';

// The setting of the account journeys (journeys/accounts.test.ts, journeys/sessions.test.ts): one app
// with a mail sink and one Chromium per file; the calls they share are in account-calls.ts. The journeys
// read `h` and `browser` as live bindings once `useAccountJourney()` has started them.

export const PASSWORD = 'Goldmaker#2026';
/** A visitor's silent remember-me try on every fresh load (SPEC §4): expected, never a problem. */
export const REMEMBER_ME_MISS: [number, string] = [401, '/shared/users/login-remember-me'];
/** The realm list of /config while the market is off (this harness runs without one): 503 by design. */
export const REALMS_NOT_LOADED: [number, string] = [503, '/shared/data/realms/us'];

export let h: AccountsHarness;
export let browser: Browser;

/** Starts the app and the browser before the calling file's journeys, and closes both after them. */
export function useAccountJourney(): void {
  beforeAll(async () => {
    [h, browser] = await Promise.all([startAccountsHarness(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });
}
