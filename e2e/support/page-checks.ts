import type { Browser, Page } from 'playwright-core';

/**
 * Collects console errors and failed same-origin requests, so a journey can prove the page ran cleanly
 * (a CSP violation shows up here as a console error).
 */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; name the resource so a journey
    // can allow exactly the answers it expects.
    const url = msg.location().url;
    const failedResource = msg.text().startsWith('Failed to load resource') && url;
    problems.push(`console: ${msg.text()}${failedResource ? ` [${new URL(url).pathname}]` : ''}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { problems };
}

/** Width and scroll width of the document: equal when nothing overflows sideways. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The problems left after removing expected failed answers, each given as status plus path, e.g.
 * `[401, '/shared/users/login-remember-me']` (a visitor's silent remember-me try); '*' allows any status
 * (a call another part of the product answers, which this journey does not judge).
 */
export function unexpectedProblems(problems: string[], expected: [number | '*', string][]): string[] {
  return problems.filter(
    (line) =>
      !expected.some(
        ([status, path]) =>
          line.startsWith('console: Failed to load resource') &&
          (status === '*' || line.includes(`status of ${status} `)) &&
          line.endsWith(`[${path}]`),
      ),
  );
}

/** A new browser context of the given width (900 px high) and its page, with the page's problems watched. */
export async function openWatchedPage(browser: Browser, width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { context, page, watch: watchPage(page) };
}
