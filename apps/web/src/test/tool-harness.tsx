// Test harness of the tool components: real providers, a fake API and a signed-in user.
import type { DropshipGroup, TradeItem } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { makeTradeEvidence, makeTradeItem } from '@goldroute/domain/test-fixtures';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { fakeApi, json, type ApiHandler } from './fake-api';
import { makeUser, testTokens } from './fixtures';
import { createAuthStore } from '../lib/auth-store';
import { createSession } from '../lib/session';
import { WIDE_QUERY } from '../lib/use-media-query';

let seq = 0;

/** Evidence of a sound deal over a full 14-day window: 8 sales at 20,000g, nothing off. */
export const tradeEvidence = makeTradeEvidence;

/**
 * A valid trade item (the domain's makeTradeItem); every call gets fresh keys unless given. Its trust is
 * high with no flags and a realistic profit equal to Sell vs Buy (also when a test sets only sellVsBuy).
 */
export function tradeItem(overrides: Partial<TradeItem> = {}): TradeItem {
  seq++;
  const item = makeTradeItem({
    uniqueTradeKey: `trade-${seq}`,
    uniqueItemKey: `item-${seq}`,
    id: 1000 + seq,
    name: `Item ${seq}`,
    mediaURL: '',
    quality: 'epic',
    patchNumber: 10,
    ...overrides,
  });
  return 'realisticProfit' in overrides ? item : { ...item, realisticProfit: item.sellVsBuy };
}

export const NOW_S = 1_800_000_000;

/** A dropship group of the given variants, the first one its main item and best profit. */
export const dropshipGroup = (key: string, variants: TradeItem[]): DropshipGroup => ({
  key,
  mainItem: variants[0]!,
  variants,
  bestProfit: variants[0]!.sellVsBuy,
  totalCount: variants.length,
});

/** A phone: the `md` query does not match (jsdom has no matchMedia; setup unstubs it after each test). */
export function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query !== WIDE_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** Default API: the timer answers the data's lastModified, favourites echo the change. */
export function defaultHandler(lastModified = NOW_S, favorites: string[] = []): ApiHandler {
  const list = [...favorites];
  return (call) => {
    if (call.path.startsWith('/shared/data/timer/')) return json({ lastModified });
    if (call.path === '/shared/users/favorites') {
      const { uniqueItemKey, action } = call.body as { uniqueItemKey: string; action: string };
      if (action === 'ADD') list.push(uniqueItemKey);
      else list.splice(list.indexOf(uniqueItemKey), 1);
      return json({ data: { favorites: [...list] } });
    }
    return json({ error: 'not found' }, 404);
  };
}

export function renderTool(
  ui: ReactNode,
  options: { user?: Partial<User>; handler?: ApiHandler; url?: string } = {},
) {
  const api = fakeApi(options.handler ?? defaultHandler(NOW_S, options.user?.favorites ?? []));
  vi.stubGlobal('fetch', api.fetch);
  const authStore = createAuthStore(null);
  authStore.setSession(makeUser(options.user), testTokens);
  const session = createSession({ store: authStore, sleep: () => Promise.resolve(), locks: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient} authStore={authStore} session={session}>
      <MemoryRouter initialEntries={[options.url ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, api, authStore };
}

/** The item names of the results' rows, top to bottom. */
export const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

/** Clicks each sort header in turn, checking the rows' item names after each click. */
export async function expectSortClicks(
  user: UserEvent,
  steps: readonly (readonly [string, readonly string[]])[],
) {
  for (const [header, order] of steps) {
    await user.click(screen.getByRole('button', { name: header }));
    expect(rowNames()).toEqual(order);
  }
}

/** The column whose header matches `header` is the one the rows are sorted by, largest first. */
export function expectSortedDescending(header: RegExp) {
  expect(screen.getByRole('columnheader', { name: header })).toHaveAttribute('aria-sort', 'descending');
}

/** jsdom has no clipboard: a writable stand-in. */
export function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

/** The section headings of the "Advanced Filters" panel, in order. */
export const sectionTitles = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
