// Browser speed of the flipping tool (docs/targets.md): filtering + sorting 50,000 rows and rendering a
// page of 100 rows including layout, measured with performance.now() inside Chromium. The undercut call
// is answered here with 50,000 generated rows (for this measurement only); everything else is real.
// GOLDROUTE_BENCH_WRITE=1 also writes the figures into BENCHMARKS.md (section bench:browser).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_COLUMNS_TYPE, encodeFlippingAnswer } from '@goldroute/domain/wire';
import { launchBrowser } from '../support/browser';
import { generateItems } from '../support/generated-items';
import { startServer } from '../support/server';
import { logInInBrowser, seedSubscriberWithUsRealms } from '../support/session';

type TestApp = Awaited<ReturnType<typeof startServer>>;

const ROWS = 50_000;
/** Four rounds over seven sort columns: enough samples for a steady median on a shared VM. */
const RUNS = Number(process.env.BENCH_RUNS ?? 28);
const COMMAND =
  'GOLDROUTE_BENCH_WRITE=1 npx vitest run --config e2e/vitest.config.ts journeys/tools-speed.test.ts';

let app: TestApp;
let browser: Browser;

/** Waits until the page has painted twice and then idled a little, so one step never bills the next. */
const settle = async (page: Page) => {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForTimeout(150);
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startServer({ MARKET_SOURCE: 'simulator', SIMULATOR_SIZE: 'tiny' }),
    launchBrowser(),
  ]);
  await app.market.refreshNow();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signIn(page: Page) {
  await logInInBrowser(page, app.baseUrl, await seedSubscriberWithUsRealms(app));
}

/**
 * Clicks a button and times the work it causes: click → React commit (first DOM mutation callback), then
 * a forced layout (`offsetHeight`), then the next frame's own rendering (from the start of its
 * requestAnimationFrame to a message posted there, which runs once that frame's style, layout and paint are
 * done). The last part bills what the browser defers to the frame, e.g. rows under content-visibility:
 * auto, which a forced layout alone would not see; the idle wait for the frame is left out.
 */
function timeClick(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const button = document.querySelector<HTMLButtonElement>(sel);
    const body = document.querySelector('table tbody');
    if (!button || !body) throw new Error(`missing ${sel}`);
    return new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        const committed = performance.now() - start;
        void document.body.offsetHeight; // forced layout
        const laidOut = performance.now() - start;
        requestAnimationFrame(() => {
          const frameStart = performance.now();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const frame = performance.now() - frameStart;
            (window as unknown as { __benchSplit: number[] }).__benchSplit = [
              committed,
              laidOut - committed,
              frame,
            ];
            resolve(laidOut + frame);
          };
          channel.port2.postMessage(0);
        });
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true, attributes: true });
      const start = performance.now();
      button.click();
    });
  }, selector);
}

/**
 * A yardstick measured in the same page and run: sorting the rows as plain objects by a number with a
 * comparator, what a table without typed columns does on a sort click. Load on the machine slows it as
 * much as the figures it is compared with.
 */
const yardstick = (page: Page) =>
  page.evaluate((n) => {
    const rows = Array.from({ length: n }, (_, i) => ({ value: (i * 7919) % n, name: `row ${i}` }));
    const start = performance.now();
    rows.sort((a, b) => a.value - b.value);
    return performance.now() - start;
  }, ROWS);

const measures = (page: Page) =>
  page.evaluate(() => {
    const last = (name: string) => performance.getEntriesByName(name, 'measure').at(-1)?.duration ?? NaN;
    return { sort: last('goldroute:sort'), filter: last('goldroute:filter') };
  });

describe('flipping tool speed in Chromium', { timeout: 240_000 }, () => {
  it('filters + sorts 50,000 rows and renders a page of 100 rows', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const items = generateItems(ROWS);
    // The server's own data time: another one would make the banner dim and reload the page (SPEC §4).
    const lastModified = app.market.store.current('us')!.lastModified;
    // Answered as the server answers: the compact encoding to a client that asks for it (ours does),
    // the SPEC JSON otherwise.
    const compact = Buffer.from(encodeFlippingAnswer(items, lastModified));
    const json = JSON.stringify({ data: { items, update: { lastModified } } });
    let servedCompact = 0;
    await page.route('**/retail/market/ah-data-undercut/**', (route) => {
      if (!(route.request().headers().accept ?? '').includes(TRADE_COLUMNS_TYPE))
        return route.fulfill({ status: 200, contentType: 'application/json', body: json });
      servedCompact++;
      return route.fulfill({ status: 200, contentType: TRADE_COLUMNS_TYPE, body: compact });
    });
    await signIn(page);
    await page.goto(`${app.baseUrl}/retail-cross-realm-flipping-tool/us`);
    await page.locator('tbody tr[data-trade-key]').first().waitFor({ timeout: 60_000 });
    // The default filters (Gold Profit ≥ 1,000 …) keep almost all generated rows.
    const found = Number(
      /Total items found: (\d+)/.exec(await page.getByText(/^Total items found: /).innerText())?.[1],
    );
    expect(found).toBeGreaterThan(ROWS * 0.9);
    expect(servedCompact).toBeGreaterThan(0);
    // Once per data load: the answer decoded into columns, then the rows as typed columns (sort keys,
    // ranks of the text columns).
    const [decode = NaN, prepare = NaN] = await page.evaluate(() =>
      ['goldroute:decode', 'goldroute:prepare'].map(
        (name) => performance.getEntriesByName(name, 'measure').at(-1)?.duration ?? NaN,
      ),
    );
    const loadBefore = os.loadavg();

    const sortFilter: number[] = [];
    const sortClick: number[] = [];
    const filterOnly: number[] = [];
    const pageRender: number[] = [];
    const renderCommit: number[] = [];
    const renderToLayout: number[] = [];
    const renderLayout: number[] = [];
    const renderFrame: number[] = [];
    const plainSort: number[] = [];
    const headers = [
      'Buy Price',
      'Item Name',
      'Sell Rate',
      'Buy Realm',
      'Sale Avg vs Buy',
      'Sell vs Buy',
      'Category',
    ];
    for (let run = 0; run < RUNS; run++) {
      const header = headers[run % headers.length]!;
      const id = await page.getByRole('button', { name: header, exact: true }).evaluate((el) => {
        el.setAttribute('data-bench', 'sort');
        return true;
      });
      expect(id).toBe(true);
      await settle(page);
      sortClick.push(await timeClick(page, 'button[data-bench="sort"]'));
      await settle(page);
      await page.evaluate(() => document.querySelector('[data-bench]')?.removeAttribute('data-bench'));
      const m = await measures(page);
      sortFilter.push(m.sort + m.filter);

      // Filtering alone: a search that keeps most rows.
      await page.getByRole('searchbox', { name: 'Search items by name' }).fill(run % 2 === 0 ? 'e' : '');
      await settle(page);
      filterOnly.push((await measures(page)).filter);

      // A page of 100 new rows: next page (or first page when at the end).
      const next = (await page.getByRole('button', { name: 'Next page' }).isDisabled())
        ? 'First page'
        : 'Next page';
      pageRender.push(await timeClick(page, `button[aria-label="${next}"]`));
      const [commit = NaN, layout = NaN, frame = NaN] = await page.evaluate(
        () => (window as unknown as { __benchSplit: number[] }).__benchSplit,
      );
      renderCommit.push(commit);
      renderToLayout.push(commit + layout);
      renderLayout.push(layout);
      renderFrame.push(frame);
      await settle(page);
      plainSort.push(await yardstick(page));
      await settle(page);
    }
    // Paging renders one page, never the whole result.
    expect(await page.locator('tbody tr[data-trade-key]').count()).toBe(100);
    await context.close();

    const loadAfter = os.loadavg();
    const figures = {
      sortFilter: { median: median(sortFilter), max: max(sortFilter) },
      filterOnly: { median: median(filterOnly), max: max(filterOnly) },
      sortClick: { median: median(sortClick), max: max(sortClick) },
      pageRender: { median: median(pageRender), max: max(pageRender) },
    };
    const f = (n: number) => `${n.toFixed(1)} ms`;
    const n = ROWS.toLocaleString('en-US');
    const lines = [
      `| filter + sort of ${n} rows (sort header click: both memos) | ${f(figures.sortFilter.median)} | ${f(figures.sortFilter.max)} | ≤ 30 ms |`,
      `| filter only (name search, ${n} rows) | ${f(figures.filterOnly.median)} | ${f(figures.filterOnly.max)} | ≤ 30 ms |`,
      `| render a page of 100 rows incl. layout (page change → commit → forced layout → next frame) | ${f(figures.pageRender.median)} | ${f(figures.pageRender.max)} | ≤ 50 ms |`,
      `| … up to the forced layout (click → commit → layout; the earlier definition of this figure, without paint) | ${f(median(renderToLayout))} | ${f(max(renderToLayout))} | ≤ 50 ms |`,
      `| … of which React commit (click → DOM mutated) | ${f(median(renderCommit))} | ${f(max(renderCommit))} | — |`,
      `| … of which forced layout | ${f(median(renderLayout))} | ${f(max(renderLayout))} | — |`,
      `| … of which the next frame (style, layout, paint) | ${f(median(renderFrame))} | ${f(max(renderFrame))} | — |`,
      `| whole sort click: sort + filter + render + layout + frame | ${f(figures.sortClick.median)} | ${f(figures.sortClick.max)} | — |`,
      `| once per data load: the compact answer (${(compact.length / 1e6).toFixed(1)} MB) decoded (\`goldroute:decode\`) | ${f(decode)} | — | — |`,
      `| once per data load: ${n} rows into typed columns (\`goldroute:prepare\`) | ${f(prepare)} | — | — |`,
      `| once per data load: decode + typed columns (before the compact encoding: \`JSON.parse\` by fetch, then 60 ms of typed columns) | ${f(decode + prepare)} | — | ≤ 60 ms |`,
    ];
    const verdict = (label: string, value: number, target: number, what = 'median') =>
      value <= target
        ? `${label}: ${f(value)} ${what}, within the ${target} ms target.`
        : `${label}: ${f(value)} ${what}, **over the ${target} ms target by ${f(value - target)}**.`;
    const verdicts = [
      verdict(
        'Decode + typed columns, once per data load',
        decode + prepare,
        60,
        'in the one (cold) load measured',
      ),
      verdict('Filter + sort', figures.sortFilter.median, 30),
      verdict('Page render incl. layout and the next frame (paint)', figures.pageRender.median, 50),
      verdict('Page render up to the forced layout (earlier definition)', median(renderToLayout), 50),
    ];
    const loads = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
    console.log(
      [
        `figures (median | max of ${RUNS} runs), load ${loads(loadBefore)} → ${loads(loadAfter)}:`,
        ...lines,
        ...verdicts,
      ].join('\n'),
    );

    if (process.env.GOLDROUTE_BENCH_WRITE === '1') {
      const file = path.resolve(import.meta.dirname, '../../BENCHMARKS.md');
      const section = [
        '<!-- bench:browser -->',
        '',
        `## Browser: flipping tool with ${n} rows (Chromium, headless)`,
        '',
        `Command: \`${COMMAND}\` (from the repository root, after \`npm run build --workspace apps/web\`;`,
        'it rewrites this section, without the variable it only prints)\\',
        `Machine: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}, Debian Chromium headless (\`--disable-gpu\`), load average (1/5/15 min) ${loads(loadBefore)} before the runs, ${loads(loadAfter)} after. The VM is shared: under load every figure grows several times, so only runs at a load average near or below 1 are comparable (the bench's own Chromium and server add about 1).`,
        '',
        `The undercut call is answered with ${n} generated rows (Playwright \`page.route\`, this measurement`,
        'only); login, timer and everything else are the real server. Filter and sort figures are the',
        '`goldroute:filter` / `goldroute:sort` performance measures the screen records around its two memos',
        '(a sort click reruns the sort; the filter figure is the last filter pass over the same filters).',
        'Render figures are `performance.now()` in the page: click → first DOM-mutation callback after',
        "React's commit, + a forced layout (`document.body.offsetHeight`), + the next frame's own rendering",
        '(from the start of its `requestAnimationFrame` to a message posted there, which runs once that',
        "frame's style, layout and paint are done; the idle wait for the frame is not counted). The frame",
        'part is needed because rows below the fold use `content-visibility: auto`, which a forced layout',
        `alone would not bill. ${RUNS} runs over seven sort columns, each followed by a name search and a page change.`,
        '',
        '| step | median | max | target |',
        '| --- | --- | --- | --- |',
        ...lines,
        '',
        ...verdicts.map((line) => `- ${line}`),
        '',
        'How: the rows of a data load become typed columns once (`row-table.ts`: a Float64Array per number,',
        'codes for categories, qualities, expansions and realms, pre-ranked text columns); a filter is one',
        'pass over the columns with the domain rule (`rows.ts`, checked against `itemPasses` /',
        '`tsmItemPasses` on random data), a sort is a radix argsort of one Float64Array (`argsort.ts`).',
        'The table is CSS grid rows with one column template (no table layout pass), rows off screen are',
        'skipped (`content-visibility: auto`), and row elements are reused from page to page (keyed by',
        'position), so a page change updates text instead of building 100 rows of elements.',
        '',
        'Before (2026-11-22 03:22 UTC, same machine, quietest run then): filter + sort 75.5 ms, filter only',
        '33.1 ms, page render up to the forced layout 143.4 ms (46.4 ms commit, 95.3 ms layout of a',
        '16-column auto-sized table).',
        '',
        'Decode + typed columns on 2026-11-25 11:10 UTC (load 1.2), before the names came in sort order, item',
        "keys were made on demand and a flipping answer's per-variant columns were used as its row columns:",
        '37.8 ms decode + 66.9 ms typed columns = 104.7 ms.',
        '',
        '<!-- /bench:browser -->',
      ].join('\n');
      const current = readFileSync(file, 'utf8');
      const pattern = /<!-- bench:browser -->[\s\S]*?<!-- \/bench:browser -->/;
      writeFileSync(
        file,
        pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`,
      );
    }

    // The targets (30 ms / 50 ms) are compared in BENCHMARKS.md, not asserted: this shared 2-core VM
    // is often at load 4-8, which multiplies every figure. The bounds are against the yardstick
    // measured in the same page and run, which the load slows alike.
    const yard = median(plainSort);
    console.log(
      `yardstick (comparator sort of ${ROWS} row objects): ${f(yard)} median; filter + sort ${(figures.sortFilter.median / yard).toFixed(2)}x, page render ${(figures.pageRender.median / yard).toFixed(2)}x, decode + typed columns ${((decode + prepare) / yard).toFixed(2)}x`,
    );
    // Measured at 0.5x and 4x: the typed columns (radix argsort, one filter pass) must stay well under
    // a comparator sort of row objects, and a page change render one page, not the result (that takes
    // seconds at 50,000 rows).
    expect(figures.sortFilter.median).toBeLessThan(2 * yard);
    expect(figures.pageRender.median).toBeLessThan(15 * yard);
  });
});
