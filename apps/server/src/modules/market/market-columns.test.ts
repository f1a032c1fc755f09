// The compact encoding of the market answers (docs/targets.md) over HTTP: asked for with Accept, the SPEC
// JSON otherwise; each encoding with its own ETag and 304.
import {
  TRADE_COLUMNS_TYPE,
  decodeMarketAnswer,
  dropshipGroupsOf,
  tradeItemsOf,
} from '@goldroute/domain/wire';
import {
  ahDataDropshipResponseSchema,
  ahDataUndercutResponseSchema,
  type RealmsResponse,
} from '@goldroute/domain/api';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness } from '../../test-support/market';

let h: Awaited<ReturnType<typeof startMarketHarness>>;
let token: string;
let body: string;
beforeAll(async () => {
  h = await startMarketHarness();
  const realms = (await h.api.get<RealmsResponse>('/shared/data/realms/us')).body;
  const ids = realms.map((r) => r.id);
  body = JSON.stringify({ retailBuyingRealms: ids, retailSellingRealms: ids });
  token = (await h.subscriber('columns@example.com')).accessToken;
});
afterAll(() => h.close());

const PATHS = {
  undercut: '/retail/market/ah-data-undercut/us',
  dropship: '/retail/market/ah-data-dropship/us',
} as const;

/** POSTs the call with these headers; the body as bytes, unzipped whether fetch did it or not. */
async function call(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.app.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body,
  });
  const raw = Buffer.from(await res.arrayBuffer());
  const bytes = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
  return { res, bytes };
}

const compact = { accept: `${TRADE_COLUMNS_TYPE}, application/json;q=0.9` };

describe('market answers: content negotiation', () => {
  it.each([
    ['no Accept', {}],
    ['Accept: application/json', { accept: 'application/json' }],
    ['Accept: */*', { accept: '*/*' }],
    ['the compact type ranked below JSON', { accept: `application/json, ${TRADE_COLUMNS_TYPE};q=0.5` }],
    ['the compact type refused (q=0)', { accept: `${TRADE_COLUMNS_TYPE};q=0, */*;q=0.1` }],
  ])('answers the SPEC JSON with %s', async (_, headers) => {
    const { res, bytes } = await call(PATHS.undercut, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(ahDataUndercutResponseSchema.safeParse(JSON.parse(bytes.toString())).success).toBe(true);
  });

  it('answers the compact columns when asked, decoding to exactly the JSON answer (flipping)', async () => {
    const json = await call(PATHS.undercut);
    const columns = await call(PATHS.undercut, compact);
    expect(columns.res.headers.get('content-type')).toBe(TRADE_COLUMNS_TYPE);
    expect(columns.res.headers.get('vary')).toBe('accept, accept-encoding');
    const spec = ahDataUndercutResponseSchema.parse(JSON.parse(json.bytes.toString()));
    expect(spec.data.items.length).toBeGreaterThan(0);
    const decoded = decodeMarketAnswer(columns.bytes);
    expect(decoded.lastModified).toBe(spec.data.update.lastModified);
    // Byte for byte the items of the JSON answer: every field, every value, the same order.
    const text = json.bytes.toString();
    const itemsText = text.slice('{"data":{"items":'.length, text.lastIndexOf(',"update":'));
    expect(JSON.stringify(tradeItemsOf(decoded.rows))).toBe(itemsText);
    expect(columns.bytes.length * 4).toBeLessThan(json.bytes.length);
  });

  it('answers the compact columns for dropship too, groups and all', async () => {
    const json = await call(PATHS.dropship);
    const columns = await call(PATHS.dropship, compact);
    expect(columns.res.headers.get('content-type')).toBe(TRADE_COLUMNS_TYPE);
    const spec = ahDataDropshipResponseSchema.parse(JSON.parse(json.bytes.toString()));
    expect(spec.data.items.length).toBeGreaterThan(0);
    const decoded = decodeMarketAnswer(columns.bytes);
    expect(decoded.groups).not.toBeNull();
    expect(
      JSON.stringify({
        data: {
          items: dropshipGroupsOf(decoded.rows, decoded.groups!),
          groupsFound: decoded.groups!.found,
          update: { lastModified: decoded.lastModified },
        },
      }),
    ).toBe(json.bytes.toString());
  });

  it('tags each encoding apart, and answers 304 only to the tag of the encoding asked for', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const json = await call(PATHS.undercut, gzip);
    const columns = await call(PATHS.undercut, { ...compact, ...gzip });
    expect(columns.res.headers.get('content-encoding')).toBe('gzip');
    const jsonTag = json.res.headers.get('etag') ?? '';
    const columnsTag = columns.res.headers.get('etag') ?? '';
    expect(columnsTag).toMatch(/^".+"$/);
    expect(columnsTag).not.toBe(jsonTag);
    // Cached: asked again, the same tag.
    expect((await call(PATHS.undercut, compact)).res.headers.get('etag')).toBe(columnsTag);
    const revalidate = async (headers: Record<string, string>, tag: string) =>
      (await call(PATHS.undercut, { ...headers, 'if-none-match': tag })).res.status;
    expect(await revalidate(compact, columnsTag)).toBe(304);
    expect(await revalidate({}, jsonTag)).toBe(304);
    expect(await revalidate(compact, jsonTag)).toBe(200);
    expect(await revalidate({}, columnsTag)).toBe(200);
  });

  it('sends the compact bytes unzipped to a client that does not take gzip', async () => {
    const res = await fetch(`${h.app.baseUrl}${PATHS.undercut}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-encoding': 'identity',
        ...compact,
      },
      body,
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    const decoded = decodeMarketAnswer(new Uint8Array(await res.arrayBuffer()));
    expect(decoded.rows.length).toBeGreaterThan(0);
  });
});
