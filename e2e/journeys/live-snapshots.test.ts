// A region batch reaches every open tool at once over one event stream per browser: two tabs of the flipping
// tool in one browser hold a single GET /shared/data/events stream (the leader tab forwards to the other).
// The simulator publishes the next hour with one realm failing; the batch watch lands it, both tabs dim and
// reload, and ten minutes on the realm is marked late on both banners without a reload. The public status
// page then shows the measured freshness and the late realm.
import { LATE_AFTER_SECONDS } from '@goldroute/domain';
import { startTestApp, type TestApp } from '@goldroute/server/test-support';
import { createTestClock, startSimulatedMarket } from '@goldroute/server/test-support/simulated-market';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../support/accounts';
import { launchBrowser, screenshotBothWidths } from '../support/browser';
import { unexpectedProblems, watchPage } from '../support/page-checks';
import { logInInBrowser, seedSubscriberWithUsRealms } from '../support/session';

const FLIPPING = '/retail-cross-realm-flipping-tool/us';
const REMEMBER_ME_MISS: [number, string] = [401, '/shared/users/login-remember-me'];

const clock = createTestClock();
let market: Awaited<ReturnType<typeof startSimulatedMarket>>;
let app: TestApp;
let browser: Browser;
let context: BrowserContext | undefined;
let subscriber: Credentials;

beforeAll(async () => {
  market = await startSimulatedMarket({ size: 'small' });
  [app, browser] = await Promise.all([
    startTestApp({}, { marketSource: market.source, clock }),
    launchBrowser(),
  ]);
  await app.market.refreshNow();
  subscriber = await seedSubscriberWithUsRealms(app);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const isEventStream = (request: Request) => new URL(request.url()).pathname === '/shared/data/events/us';
const usMeta = () => app.market.store.current('us')?.meta;

/** Runs the app's batch watch (its timer runs it too: a run under way is joined) until `done`. */
async function watchUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 6 && !done(); i++) await app.market.runJob('watch-market-us');
  expect(done()).toBe(true);
}

async function openTool(page: Page) {
  await page.goto(`${app.baseUrl}${FLIPPING}`);
  await page.locator('[data-trade-key]').first().waitFor({ timeout: 30_000 });
}

describe('live snapshots', { timeout: 150_000 }, () => {
  it('two tabs share one stream; a batch dims and reloads both, a late realm shows on both banners and on /status', async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const streams: Request[] = [];
    const shown: Request[] = [];
    context.on('request', (request) => {
      if (isEventStream(request)) streams.push(request);
      if (new URL(request.url()).pathname === '/shared/data/shown/us') shown.push(request);
    });
    // The reports the server took: a call refused for an access token that expired meanwhile is sent
    // again after the session's refresh, and is no second report.
    const accepted: { lastModified: number; status: number }[] = [];
    const statuses: number[] = [];
    context.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/shared/data/shown/us') return;
      statuses.push(response.status());
      if (response.ok())
        accepted.push({
          ...(response.request().postDataJSON() as { lastModified: number }),
          status: response.status(),
        });
    });
    const first = await context.newPage();
    const { problems } = watchPage(first);
    await logInInBrowser(first, app.baseUrl, subscriber);
    await openTool(first);
    const second = await context.newPage();
    const secondProblems = watchPage(second).problems;
    await openTool(second);
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBe(1);
    const [stream] = streams;
    expect(stream!.headers().authorization).toMatch(/^Bearer \S+$/);
    expect(stream!.url()).not.toMatch(/token/i);

    // The next hour's batch, with one realm whose dump keeps failing.
    const ids = app.market.store.realms('us')?.map((r) => r.id) ?? [];
    const [onTime, lateId] = [ids[0]!, ids[ids.length - 1]!];
    const lateLabel = app.market.store.realms('us')?.find((r) => r.id === lateId)?.label ?? '';
    market.simulator.inject({ path: `/connected-realm/${lateId}/auctions`, kind: '500', times: Infinity });
    market.simulator.advanceHour();
    const newStamp = Math.floor(market.economy.lastModified('us', onTime, market.simulator.hour) / 1000);
    // Both tabs learn of the batch from the one stream (the sentinels' snapshot comes first), long before
    // the 60 s poll: watched from before the watch lands it.
    const dimmed = Promise.all(
      [first, second].map((page) => page.getByTestId('reload-overlay').waitFor({ timeout: 30_000 })),
    );
    await watchUntil(() => usMeta()?.realmTimes[String(onTime)] === newStamp);
    const published = app.market.store.current('us')!.lastModified;
    await dimmed;

    // Each tab reloads 5 s after the newest snapshot it heard of and ends on the batch's rows; the browser
    // reports what it showed once per snapshot, the last one being the batch's.
    for (const page of [first, second]) {
      await page.getByTestId('reload-overlay').waitFor({ state: 'detached', timeout: 30_000 });
      await page.locator('[data-trade-key]').first().waitFor({ timeout: 30_000 });
    }
    await expect
      .poll(() => (shown.at(-1)?.postDataJSON() as { lastModified?: number } | undefined)?.lastModified, {
        timeout: 15_000,
      })
      .toBe(published);
    const reported = accepted.map((r) => r.lastModified);
    expect(new Set(reported).size, `shown reports ${JSON.stringify(reported)}, statuses ${statuses}`).toBe(
      reported.length,
    );
    // However often the tabs reloaded, the browser holds one stream, sent by the tab that leads.
    await expect.poll(() => app.events.openStreams(), { timeout: 10_000 }).toBe(1);
    const streamsAfterBatch = streams.length;

    // Ten minutes after the batch was seen the failing realm is late: both banners say so, no reload.
    clock.advanceMinutes(LATE_AFTER_SECONDS / 60);
    await watchUntil(() => (usMeta()?.lateRealms ?? []).includes(lateId));
    for (const page of [first, second]) {
      await expect
        .poll(() => page.getByTestId('late-realms').textContent(), { timeout: 10_000 })
        .toMatch(new RegExp(`^1 realm has not updated with the last batch: ${lateLabel} \\(\\d`));
    }
    expect(await first.getByTestId('reload-overlay').count()).toBe(0);
    expect(streams).toHaveLength(streamsAfterBatch);
    expect(app.events.openStreams()).toBe(1);
    expect(await screenshotBothWidths(first, 'live-snapshot-late-realm')).toBe(0);

    // The public status page: the measured freshness of the US data and its late realm.
    const status = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await status.goto(`${app.baseUrl}/status`);
    await status.getByRole('heading', { name: 'Data status', level: 1 }).waitFor();
    const us = status.locator('section[data-region="us"]');
    await expect.poll(() => us.getByText('1 late').count(), { timeout: 10_000 }).toBe(1);
    expect(await us.getByText(lateLabel, { exact: true }).count()).toBe(1);
    expect(await us.locator('dd').nth(1).textContent()).toMatch(/^\d[\d.]* (s|min)( \d+ s)? \/ \d/);
    expect(await screenshotBothWidths(status, 'status-page')).toBe(0);
    await status.close();

    expect(unexpectedProblems([...problems, ...secondProblems], [REMEMBER_ME_MISS])).toEqual([]);
  });
});
