// Test harness of the tool components: real providers, a fake API and a signed-in user.
import type { TradeEvidence, TradeItem } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { QueryClient } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { fakeApi, json, type ApiHandler } from '../../test/fake-api';
import { makeUser, testTokens } from '../../test/fixtures';
import { createAuthStore } from '../../lib/auth-store';
import { createSession } from '../../lib/session';

let seq = 0;

/**
 * Evidence of a sound deal over a full 14-day window: 8 sales at 20,000g, nothing off (the domain's
 * makeTradeEvidence, which the package does not export to the web).
 */
export function tradeEvidence(overrides: Partial<TradeEvidence> = {}): TradeEvidence {
  return {
    salesSeen14d: 8,
    medianSale14d: 20000,
    sellListingsNearPrice: 3,
    sellQuantityNearPrice: 3,
    realmsOffering: 12,
    buyQuantity: 2,
    sellListingAgeSnapshots: 3,
    buyListingAgeSnapshots: 4,
    buyRealmUpdatedAt: 1_732_000_000,
    sellRealmUpdatedAt: 1_732_000_000,
    hoursObserved: 336,
    sellLowQuartile14d: 19000,
    ...overrides,
  };
}

/**
 * A valid trade item; every call gets fresh keys unless given. Its trust is high with no flags and a
 * realistic profit equal to Sell vs Buy (also when a test sets only sellVsBuy).
 */
export function tradeItem(overrides: Partial<TradeItem> = {}): TradeItem {
  seq++;
  const sellVsBuy = overrides.sellVsBuy ?? 9000;
  return {
    uniqueTradeKey: `trade-${seq}`,
    uniqueItemKey: `item-${seq}`,
    id: 1000 + seq,
    realPetId: null,
    npcId: null,
    name: `Item ${seq}`,
    class: 'Weapon',
    subclass: 'Sword',
    bonus: [],
    mediaURL: '',
    quality: 'epic',
    itemLevel: 80,
    patchNumber: 10,
    crafted: false,
    sockets: [],
    tertiaryStats: [],
    saleRate: 0.1,
    avgSale: 20000,
    marketValue: 15000,
    historical: 14000,
    buyBuyout: 10000,
    sellBuyout: 20000,
    sellAHCut: 19000,
    sellVsBuy,
    saleAvgVsBuy: 9000,
    buyingConnectedRealmId: 11,
    buyingConnectedRealmName: 'Stormrage',
    buyingConnectedRealmPopulation: 'HIGH',
    sellingConnectedRealmId: 22,
    sellingConnectedRealmName: 'Area 52',
    sellingConnectedRealmPopulation: 'FULL',
    realisticProfit: sellVsBuy,
    confidence: 'high',
    flags: [],
    evidence: tradeEvidence(),
    ...overrides,
  };
}

export const NOW_S = 1_800_000_000;

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

export function renderTool(ui: ReactNode, options: { user?: Partial<User>; handler?: ApiHandler } = {}) {
  const api = fakeApi(options.handler ?? defaultHandler(NOW_S, options.user?.favorites ?? []));
  vi.stubGlobal('fetch', api.fetch);
  const authStore = createAuthStore(null);
  authStore.setSession(makeUser(options.user), testTokens);
  const session = createSession({ store: authStore, sleep: () => Promise.resolve(), locks: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient} authStore={authStore} session={session}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, api, authStore };
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
