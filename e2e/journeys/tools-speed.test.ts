// Browser speed of the flipping tool (issue 5 "Speed"): filtering + sorting 50,000 rows and rendering a
// page of 100 rows including layout, measured with performance.now() inside Chromium. The undercut call
// is answered here with 50,000 generated rows (for this measurement only); everything else is real.
// GOLDROUTE_BENCH_WRITE=1 also writes the figures into BENCHMARKS.md (section bench:browser).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../apps/server/src/lib/clock';
import { seedDemoAccounts } from '../../apps/server/src/modules/users/demo-seed';
import { launchBrowser } from '../support/browser';
import { startServer } from '../support/server';

type TestApp = Awaited<ReturnType<typeof startServer>>;

const ROWS = 50_000;
/** Two rounds over seven columns: the second round sorts text columns with their cached ranks. */
const RUNS = Number(process.env.BENCH_RUNS ?? 14);
const COMMAND =
  'GOLDROUTE_BENCH_WRITE=1 npx vitest run --config e2e/vitest.config.ts journeys/tools-speed.test.ts';

let app: TestApp;
let browser: Browser;

const CLASSES = [
  ['Weapon', 'Sword'],
  ['Armor', 'Plate'],
  ['Recipe', 'Tailoring'],
  ['Profession', 'Herbalism'],
  ['Miscellaneous', 'Toys'],
  ['Miscellaneous', 'Mount'],
  ['Miscellaneous', 'Companions'],
  ['Miscellaneous', 'Junk'],
] as const;
const QUALITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'];
const WORDS = [
  'Gleaming',
  'Sunforged',
  'Verdant',
  'Shadow',
  'Emberlit',
  'Frostwoven',
  'Radiant',
  'Cursed',
  'Ancient',
];
const THINGS = [
  'Blade',
  'Helm',
  'Jerkin',
  'Gauntlets',
  'Ring',
  'Gryphon',
  'Beetle',
  'Wand',
  'Cloak',
  'Saber',
];

/** Deterministic rows shaped like the undercut call's items. */
function generateItems(count: number) {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const items = [];
  for (let i = 0; i < count; i++) {
    const [cls, subclass] = CLASSES[i % CLASSES.length]!;
    const buy = Math.round(1000 + rand() * 200000);
    const sell = Math.round(buy * (1.05 + rand() * 3));
    const avg = Math.round(sell * (0.6 + rand()));
    const buyRealm = 1 + (i % 24);
    const sellRealm = 1 + ((i * 7) % 24);
    items.push({
      uniqueTradeKey: `t${i}`,
      uniqueItemKey: `k${i % 20000}`,
      id: 10000 + (i % 20000),
      realPetId: null,
      npcId: null,
      name: `${WORDS[i % WORDS.length]} ${THINGS[(i >> 3) % THINGS.length]} of the ${WORDS[(i >> 5) % WORDS.length]} ${i}`,
      class: cls,
      subclass,
      bonus: [1, 2],
      mediaURL: '',
      quality: QUALITIES[i % QUALITIES.length],
      itemLevel: 10 + (i % 600),
      patchNumber: 1 + (i % 11),
      crafted: i % 13 === 0,
      sockets: i % 9 === 0 ? [1] : [],
      tertiaryStats: i % 17 === 0 ? ['speed'] : [],
      saleRate: Math.round(rand() * 500) / 1000 + 0.001,
      avgSale: avg,
      marketValue: sell,
      historical: sell,
      buyBuyout: buy,
      sellBuyout: sell,
      sellAHCut: sell * 0.95,
      sellVsBuy: sell * 0.95 - buy,
      saleAvgVsBuy: avg * 0.95 - buy,
      buyingConnectedRealmId: buyRealm,
      buyingConnectedRealmName: `Buy Realm ${buyRealm}`,
      buyingConnectedRealmPopulation: 'HIGH',
      sellingConnectedRealmId: sellRealm,
      sellingConnectedRealmName: `Sell Realm ${sellRealm}`,
      sellingConnectedRealmPopulation: 'FULL',
    });
  }
  return items;
}

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
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line) } as unknown as Parameters<
    typeof seedDemoAccounts
  >[2];
  await seedDemoAccounts(app.database.db, systemClock, log);
  const [, , email = '', password = ''] =
    lines.find((l) => l.startsWith('demo subscriber: '))?.split(' ') ?? [];
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** Clicks a button and times until React has committed and layout is done (MutationObserver + offsetHeight). */
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
        const total = performance.now() - start;
        (window as unknown as { __benchSplit: number[] }).__benchSplit = [committed, total - committed];
        resolve(total);
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true, attributes: true });
      const start = performance.now();
      button.click();
    });
  }, selector);
}

const measures = (page: Page) =>
  page.evaluate(() => {
    const last = (name: string) => performance.getEntriesByName(name, 'measure').at(-1)?.duration ?? NaN;
    return { sort: last('goldroute:sort'), filter: last('goldroute:filter') };
  });

describe('flipping tool speed in Chromium', { timeout: 240_000 }, () => {
  it('filters + sorts 50,000 rows and renders a page of 100 rows', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const body = JSON.stringify({
      data: { items: generateItems(ROWS), update: { lastModified: Math.floor(Date.now() / 1000) } },
    });
    await page.route('**/retail/market/ah-data-undercut/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await signIn(page);
    await page.goto(`${app.baseUrl}/retail-cross-realm-flipping-tool/us`);
    await page.locator('tbody tr[data-trade-key]').first().waitFor({ timeout: 60_000 });
    // The default filters (Gold Profit ≥ 1,000 …) keep almost all generated rows.
    const found = Number(
      /Total items found: (\d+)/.exec(await page.getByText(/^Total items found: /).innerText())?.[1],
    );
    expect(found).toBeGreaterThan(ROWS * 0.9);

    const sortFilter: number[] = [];
    const sortClick: number[] = [];
    const filterOnly: number[] = [];
    const pageRender: number[] = [];
    const renderCommit: number[] = [];
    const renderLayout: number[] = [];
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
      const [commit = NaN, layout = NaN] = await page.evaluate(
        () => (window as unknown as { __benchSplit: number[] }).__benchSplit,
      );
      renderCommit.push(commit);
      renderLayout.push(layout);
      await settle(page);
    }
    await context.close();

    const figures = {
      sortFilter: { median: median(sortFilter), max: max(sortFilter) },
      filterOnly: { median: median(filterOnly), max: max(filterOnly) },
      sortClick: { median: median(sortClick), max: max(sortClick) },
      pageRender: { median: median(pageRender), max: max(pageRender) },
    };
    const f = (n: number) => `${n.toFixed(1)} ms`;
    const lines = [
      `| filter + sort of ${ROWS.toLocaleString('en-US')} rows (sort header click: both memos) | ${f(figures.sortFilter.median)} | ${f(figures.sortFilter.max)} | ≤ 30 ms |`,
      `| filter only (name search, ${ROWS.toLocaleString('en-US')} rows) | ${f(figures.filterOnly.median)} | ${f(figures.filterOnly.max)} | ≤ 30 ms |`,
      `| render a page of 100 rows incl. layout (page change → commit → forced layout) | ${f(figures.pageRender.median)} | ${f(figures.pageRender.max)} | ≤ 50 ms |`,
      `| … of which React commit (click → DOM mutated) | ${f(median(renderCommit))} | ${f(max(renderCommit))} | — |`,
      `| … of which forced layout | ${f(median(renderLayout))} | ${f(max(renderLayout))} | — |`,
      `| whole sort click: sort + filter + render + layout | ${f(figures.sortClick.median)} | ${f(figures.sortClick.max)} | — |`,
    ];
    console.log(['figures (median | max of ' + RUNS + ' runs):', ...lines].join('\n'));

    if (process.env.GOLDROUTE_BENCH_WRITE === '1') {
      const file = path.resolve(import.meta.dirname, '../../BENCHMARKS.md');
      const load = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ');
      const section = [
        '<!-- bench:browser -->',
        '',
        '## Browser: flipping tool with 50,000 rows (Chromium, headless)',
        '',
        `Command: \`${COMMAND}\`\\`,
        `Machine: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}, load average (1/5/15 min) ${load}`,
        '',
        `The undercut call is answered with ${ROWS.toLocaleString('en-US')} generated rows (Playwright \`page.route\`, this`,
        'measurement only). Filter and sort figures are the `goldroute:filter` / `goldroute:sort` performance',
        'measures the screen records around its two memos; render figures are `performance.now()` from the',
        'click to the first DOM mutation callback after React commits, plus a forced layout',
        `(\`document.body.offsetHeight\`). ${RUNS} runs, different sort columns.`,
        '',
        '| step | median | max | target |',
        '| --- | --- | --- | --- |',
        ...lines,
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

    // Generous bounds (a busy 2-core VM); the targets are in the table.
    // Only sanity bounds: this shared 2-core VM is often at load 6-8, which multiplies every figure.
    // The targets (30 ms / 50 ms) are compared in BENCHMARKS.md, not asserted here.
    expect(figures.sortFilter.median).toBeLessThan(5000);
    expect(figures.pageRender.median).toBeLessThan(5000);
  });
});
