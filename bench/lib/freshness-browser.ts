// The freshness benchmark's readers: a real Chromium page per region holding the flipping tool open as a
// subscriber would, recording the moments the tool reports it showed a new snapshot.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { ShownSeen } from './freshness-figures';

export interface Credentials {
  email: string;
  password: string;
}

/** Debian's Chromium, headless, no traffic to the outside world. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface OpenTool {
  region: string;
  /** Every POST /shared/data/shown/{region} the page sent, in order. */
  shown: ShownSeen[];
  /** Page errors (uncaught exceptions) seen while it was open. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * Logs in through the form in a browser context of its own (its own storage: one browser per reader) and
 * opens the region's flipping tool until its rows show.
 */
export async function openFlippingTool(
  browser: Browser,
  baseUrl: string,
  who: Credentials,
  region: string,
): Promise<OpenTool> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const shown: ShownSeen[] = [];
  const errors: string[] = [];
  context.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== `/shared/data/shown/${region}`)
      return;
    const at = Date.now();
    const body = request.postDataJSON() as { lastModified?: unknown } | null;
    if (typeof body?.lastModified === 'number') shown.push({ at, lastModified: body.lastModified });
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto(`${baseUrl}/retail-cross-realm-flipping-tool/${region}`);
  try {
    await page.locator('[data-trade-key]').first().waitFor({ timeout: 60_000 });
  } catch (err) {
    const text = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 800);
    throw new Error(`the ${region} flipping tool showed no rows:\n${text}`, { cause: err });
  }
  return { region, shown, errors, close: () => context.close() };
}
