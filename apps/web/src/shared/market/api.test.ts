import { AUTH_MESSAGES, groupDropship } from '@goldroute/domain';
import {
  TRADE_COLUMNS_FORMAT,
  TRADE_COLUMNS_TYPE,
  dropshipGroupsOf,
  encodeDropshipAnswer,
  encodeFlippingAnswer,
  tradeItemsOf,
} from '@goldroute/domain/wire';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createAuthStore } from '../../lib/auth-store';
import { createSession } from '../../lib/session';
import { makeUser, testTokens } from '../../test/fixtures';
import { tradeItem } from '../../test/tool-harness';
import { dropshipQueryOptions, undercutQueryOptions } from './api';

const items = [
  tradeItem({ sellVsBuy: 9000 }),
  tradeItem({ name: 'Клинок «Север»', sellVsBuy: 500 }),
  tradeItem({ id: 'pet_3', realPetId: 3, npcId: 70, sellVsBuy: 300 }),
];
const body = { retailBuyingRealms: [11], retailSellingRealms: [22] };

/** A fetch stand-in answering every call with `answer()`; it records the Accept header of each call. */
function answerWith(answer: () => Response) {
  const accepts: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_: RequestInfo | URL, init?: RequestInit) => {
      accepts.push(new Headers(init?.headers).get('Accept'));
      return answer();
    }),
  );
  return accepts;
}

const compact = (bytes: Uint8Array<ArrayBuffer>) =>
  new Response(bytes, { status: 200, headers: { 'Content-Type': TRADE_COLUMNS_TYPE } });
const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });

function session() {
  const store = createAuthStore(null);
  store.setSession(makeUser(), testTokens);
  return createSession({ store, sleep: () => Promise.resolve(), locks: null });
}

const fetchUndercut = () => new QueryClient().fetchQuery(undercutQueryOptions(session(), 'us', body, true));
const fetchDropship = () => new QueryClient().fetchQuery(dropshipQueryOptions(session(), 'us', body, true));

afterEach(() => vi.unstubAllGlobals());

describe('market data calls', () => {
  it('ask for the compact encoding first and hand the tools its columns (flipping)', async () => {
    const accepts = answerWith(() => compact(encodeFlippingAnswer(items, 1_800_000_000)));
    const data = await fetchUndercut();
    expect(accepts[0]).toBe(`${TRADE_COLUMNS_TYPE}, application/json;q=0.9`);
    expect(data.lastModified).toBe(1_800_000_000);
    expect(tradeItemsOf(data.rows)).toEqual(items);
  });

  it('understand the SPEC JSON as well (a server that does not send the compact encoding)', async () => {
    answerWith(() => json({ data: { items, update: { lastModified: 5 } } }));
    const data = await fetchUndercut();
    expect(data.lastModified).toBe(5);
    expect(tradeItemsOf(data.rows)).toEqual(items);
  });

  it('decode dropship groups in either encoding', async () => {
    const groups = groupDropship(items.map((i) => ({ ...i, id: 1, quality: 'epic', itemLevel: 600 })));
    for (const answer of [
      () => compact(encodeDropshipAnswer(groups, 9)),
      () => json({ data: { items: groups, update: { lastModified: 9 } } }),
    ]) {
      answerWith(answer);
      const data = await fetchDropship();
      expect(data.lastModified).toBe(9);
      expect(dropshipGroupsOf(data.rows, data.groups)).toEqual(groups);
    }
  });

  it('ask again for the SPEC JSON when the compact answer is of a format this build does not know', async () => {
    // A whole container of another format (a newer server, a tab left open across a deploy).
    const newer = encodeFlippingAnswer(items, 7);
    const at = Buffer.from(newer.buffer).indexOf(TRADE_COLUMNS_FORMAT);
    expect(at).toBeGreaterThan(0);
    newer.set(new TextEncoder().encode(TRADE_COLUMNS_FORMAT.replace(/\d+$/, '9')), at);
    let calls = 0;
    const accepts = answerWith(() =>
      calls++ === 0 ? compact(newer) : json({ data: { items, update: { lastModified: 7 } } }),
    );
    const data = await fetchUndercut();
    expect(accepts).toEqual([`${TRADE_COLUMNS_TYPE}, application/json;q=0.9`, 'application/json']);
    expect(tradeItemsOf(data.rows)).toEqual(items);
  });

  it('turn an answer that does not decode into the invalid-response error', async () => {
    answerWith(() => compact(new Uint8Array([0x47, 0x52, 0x43, 0x31, 0xff, 0xff, 0xff, 0x7f])));
    const error = await fetchUndercut().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(AUTH_MESSAGES.invalidResponse);
  });
});
