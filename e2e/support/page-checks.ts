import type { Page } from 'playwright-core';

/**
 * Collects console errors and failed same-origin requests, so a journey can prove the page ran cleanly
 * (a CSP violation shows up here as a console error).
 */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { problems };
}

/** Width and scroll width of the document: equal when nothing overflows sideways. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
