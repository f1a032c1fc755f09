import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { horizontalOverflow } from './page-checks';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's chromium, headless, with no traffic to the outside world. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Full-page screenshot kept in e2e/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Screenshots at 1440 and 375 px; returns how far the phone layout overflows sideways (0: not at all). */
export async function screenshotBothWidths(page: Page, name: string): Promise<number> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(100);
  await screenshot(page, `${name}-375`);
  const overflow = await horizontalOverflow(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  return overflow;
}

/** Closes what a journey opened, one after another in the order given; what never opened is skipped. */
export async function closeInOrder(...opened: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  for (const thing of opened) await thing?.close();
}
