import type { Region } from '@goldroute/domain';
import type { TimerResponse } from '@goldroute/domain/api';
import { TRADE_COLUMNS_TYPE } from '@goldroute/domain/wire';
import {
  dropshipColumnsBytes,
  dropshipJsonAnswer,
  flippingColumnsBytes,
  flippingJsonBytes,
  prepareAnswerCaches,
  realmStats,
} from '@goldroute/market';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '../../lib/http-error';
import { lateRealmsOf, type MarketStore, type PublishedMarket } from './market-store';
import { JSON_TYPE, compressAnswer, type CachedResponse, type PersonalCache } from './personal-cache';

/**
 * How a deals answer is written: the SPEC JSON, or the compact columns (TRADE_COLUMNS_TYPE) the web client
 * asks for. Each is cached on its own, under its own ETag.
 */
export type AnswerEncoding = 'json' | 'columns';

/** Dropship answers keep the 1,000 groups with the best profit (about 30,000 rows, 1.2 MB gzip on a full region; see BENCHMARKS.md). */
export const DROPSHIP_GROUP_LIMIT = 1000;

export const MARKET_MESSAGES = {
  loading: 'Market data is still loading. Please try again in a minute.',
  noRealms: 'Choose at least one buying and one selling realm on the settings page first.',
  foreignRealms: (region: Region, ids: number[]) =>
    `These realm ids are not ${region.toUpperCase()} connected realms: ${ids.slice(0, 10).join(', ')}`,
} as const;

export interface RealmSelection {
  buyingRealms: number[];
  sellingRealms: number[];
}

/** Market answers for one user, computed once per snapshot and realm selection, then served from the cache. */
export function createMarketService(store: MarketStore, cache: PersonalCache) {
  function published(region: Region): PublishedMarket {
    const market = store.current(region);
    if (!market) throw new HttpError(503, MARKET_MESSAGES.loading, { headers: { 'retry-after': '30' } });
    return market;
  }

  function checkRealms(region: Region, selection: RealmSelection): void {
    const known = store.realmIds(region);
    const all = [...selection.buyingRealms, ...selection.sellingRealms];
    const foreign = known ? [...new Set(all.filter((id) => !known.has(id)))] : [];
    if (foreign.length > 0) throw new HttpError(400, MARKET_MESSAGES.foreignRealms(region, foreign));
    if (selection.buyingRealms.length === 0 || selection.sellingRealms.length === 0) {
      throw new HttpError(400, MARKET_MESSAGES.noRealms);
    }
  }

  const selectionKey = (s: RealmSelection) =>
    `${[...s.buyingRealms].sort((a, b) => a - b).join(',')}>${[...s.sellingRealms].sort((a, b) => a - b).join(',')}`;

  /** Answers being computed, so that a repeated request (a double click, two tabs) waits for the same one. */
  const pending = new Map<string, Promise<CachedResponse>>();

  async function computeAndCache(
    region: Region,
    userId: string,
    key: string,
    market: PublishedMarket,
    compute: (m: PublishedMarket) => Uint8Array,
    type: string,
  ): Promise<CachedResponse> {
    const response = await compressAnswer(compute(market), type);
    // A snapshot that was replaced while compressing already had its answers dropped: keep it out.
    if (store.current(region)?.version === market.version) cache.put(region, userId, key, response);
    return response;
  }

  /**
   * The cached answer when snapshot and selection are unchanged, else computed and cached. `beforeCompute`
   * runs only when a new computation would start (the caller's budget of fresh searches), and may refuse it.
   */
  async function answer(
    region: Region,
    userId: string,
    call: string,
    compute: (m: PublishedMarket) => Uint8Array,
    beforeCompute?: () => Promise<void>,
    type = JSON_TYPE,
  ): Promise<CachedResponse> {
    const market = published(region);
    const key = `${call}@${market.version}`;
    const hit = cache.get(region, userId, key);
    if (hit) return hit;
    const flightKey = `${region}|${userId}|${key}`;
    let flight = pending.get(flightKey);
    if (!flight) {
      await beforeCompute?.();
      // Looked up again: another request of this user may have started it while the budget was checked.
      flight = pending.get(flightKey);
    }
    if (!flight) {
      flight = computeAndCache(region, userId, key, market, compute, type).finally(() =>
        pending.delete(flightKey),
      );
      pending.set(flightKey, flight);
    }
    return flight;
  }

  /**
   * SPEC §3 data response around the engine's JSON bytes, without decoding them to a string; a dropship
   * answer also says how many groups were found before its limit.
   */
  const itemsBody = (items: Uint8Array, market: PublishedMarket, groupsFound?: number) =>
    Buffer.concat([
      Buffer.from('{"data":{"items":'),
      items,
      Buffer.from(
        `${groupsFound === undefined ? '' : `,"groupsFound":${groupsFound}`},"update":{"lastModified":${market.lastModified}}}}`,
      ),
    ]);

  type Realms = Pick<RealmSelection, 'buyingRealms' | 'sellingRealms'>;
  /** How a deals tool writes its answer in each encoding. */
  interface DealsWriters {
    /** The whole JSON body. */
    json: (m: PublishedMarket, realms: Realms) => Uint8Array;
    columns: (m: PublishedMarket, realms: Realms) => Uint8Array;
  }

  /** A deals tool's answer for a realm selection: the engine's items in the SPEC data envelope, or compact. */
  const dealsAnswer = (
    region: Region,
    userId: string,
    tool: 'undercut' | 'dropship',
    selection: RealmSelection,
    beforeCompute: (() => Promise<void>) | undefined,
    encoding: AnswerEncoding,
    writers: DealsWriters,
  ) => {
    const realms = { buyingRealms: selection.buyingRealms, sellingRealms: selection.sellingRealms };
    return answer(
      region,
      userId,
      `${tool}:${encoding}:${selectionKey(selection)}`,
      (m) => (encoding === 'columns' ? writers.columns(m, realms) : writers.json(m, realms)),
      beforeCompute,
      encoding === 'columns' ? TRADE_COLUMNS_TYPE : JSON_TYPE,
    );
  };

  const FLIPPING: DealsWriters = {
    json: (m, realms) => itemsBody(flippingJsonBytes(m.snapshot, realms), m),
    columns: (m, realms) => flippingColumnsBytes(m.snapshot, realms, m.lastModified),
  };
  const DROPSHIP: DealsWriters = {
    json: (m, realms) => {
      const { items, found } = dropshipJsonAnswer(m.snapshot, { ...realms, limit: DROPSHIP_GROUP_LIMIT });
      return itemsBody(items, m, found);
    },
    columns: (m, realms) =>
      dropshipColumnsBytes(m.snapshot, { ...realms, limit: DROPSHIP_GROUP_LIMIT }, m.lastModified),
  };

  return {
    checkRealms,
    flipping: (
      region: Region,
      userId: string,
      selection: RealmSelection,
      beforeCompute?: () => Promise<void>,
      encoding: AnswerEncoding = 'json',
    ) => dealsAnswer(region, userId, 'undercut', selection, beforeCompute, encoding, FLIPPING),
    dropship: (
      region: Region,
      userId: string,
      selection: RealmSelection,
      beforeCompute?: () => Promise<void>,
      encoding: AnswerEncoding = 'json',
    ) => dealsAnswer(region, userId, 'dropship', selection, beforeCompute, encoding, DROPSHIP),
    realmStats: (region: Region, userId: string, beforeCompute?: () => Promise<void>) =>
      answer(
        region,
        userId,
        'realm-stats',
        (m) => Buffer.from(JSON.stringify({ data: realmStats(m.snapshot) })),
        beforeCompute,
      ),
    /**
     * Makes the new snapshot's answer caches (prepareAnswerCaches: the evidence bounds, the variant pool of
     * every row of the whole region, its dictionaries) so the web's first request does not wait for them:
     * a step at a time, then a pause as long as the step took. Made in one go they held every other
     * request for seconds at full size, and with a bare turn of the loop between steps a request waited a
     * step at each of its own awaits. Stops when a newer snapshot is published.
     */
    async warm(region: Region): Promise<void> {
      const m = store.current(region);
      if (!m) return;
      const steps = prepareAnswerCaches(m.snapshot);
      while (store.current(region) === m) {
        const started = performance.now();
        if (steps.next().done) return;
        await sleep(Math.max(1, performance.now() - started));
      }
    },
    timer(region: Region): TimerResponse {
      const m = published(region);
      return { lastModified: m.lastModified, lateRealms: lateRealmsOf(store, region, m) };
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
