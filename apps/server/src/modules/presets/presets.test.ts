import { ACCESS, PRESET_TEXTS } from '@goldroute/domain';
import { MAX_PRESET_NAME, MAX_PRESETS, type Preset } from '@goldroute/domain/api';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, startHarness, type Harness } from '../../test-support/accounts';
import { PRESET_DELETED } from './presets.routes';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const PATH = '/shared/users/presets';
const BIG_DEALS = 'profit=25000&conf=medium&sort=sellVsBuy.desc';
const CHEAP_RINGS = 'cat=Armor&name=ring&max=50000&sort=buyPrice.asc';

async function subscriber(): Promise<string> {
  const s = await h.signUp(`presets-${randomUUID().slice(0, 8)}@example.com`);
  await grantSubscription(h.app.database.db, s.user.id);
  return s.accessToken;
}

const save = (token: string, body: Record<string, unknown>) =>
  h.api.post<{ preset: Preset }>(PATH, body, { token });
const listOf = async (token: string) =>
  (await h.api.get<{ presets: Preset[] }>(PATH, { token })).body.presets.map((p) => [p.tool, p.name, p.view]);

describe('filter presets', () => {
  it('saves, lists, renames, saves the current view under a name and deletes', async () => {
    const token = await subscriber();
    const created = await save(token, { tool: 'flipping', name: '  Big deals ', view: BIG_DEALS });
    expect(created.status).toBe(201);
    expect(created.body.preset).toMatchObject({ tool: 'flipping', name: 'Big deals', view: BIG_DEALS });
    await save(token, { tool: 'tsm', name: 'Big deals', view: 'sort=name.asc' });
    expect(await listOf(token)).toEqual([
      ['flipping', 'Big deals', BIG_DEALS],
      ['tsm', 'Big deals', 'sort=name.asc'],
    ]);

    const id = created.body.preset.id;
    const renamed = await h.api.patch<{ preset: Preset }>(`${PATH}/${id}`, { name: 'Rings' }, { token });
    expect(renamed.body.preset).toMatchObject({ name: 'Rings', view: BIG_DEALS });
    const resaved = await h.api.patch<{ preset: Preset }>(`${PATH}/${id}`, { view: CHEAP_RINGS }, { token });
    expect(resaved.body.preset).toMatchObject({ name: 'Rings', view: CHEAP_RINGS });

    const deleted = await h.api.delete(`${PATH}/${id}`, { token });
    expect(deleted).toMatchObject({ status: 200, body: { message: PRESET_DELETED } });
    expect(await listOf(token)).toEqual([['tsm', 'Big deals', 'sort=name.asc']]);
  });

  it('refuses a second preset of the same name for a tool, and names it', async () => {
    const token = await subscriber();
    await save(token, { tool: 'dropship', name: 'Mine', view: BIG_DEALS });
    const again = await save(token, { tool: 'dropship', name: 'Mine', view: CHEAP_RINGS });
    expect(again).toMatchObject({ status: 409, body: { error: PRESET_TEXTS.nameTaken('Mine') } });
    const other = await save(token, { tool: 'dropship', name: 'Other', view: CHEAP_RINGS });
    const clash = await h.api.patch(`${PATH}/${other.body.preset.id}`, { name: 'Mine' }, { token });
    expect(clash).toMatchObject({ status: 409, body: { error: PRESET_TEXTS.nameTaken('Mine') } });
    expect(await listOf(token)).toEqual([
      ['dropship', 'Mine', BIG_DEALS],
      ['dropship', 'Other', CHEAP_RINGS],
    ]);
  });

  it(`keeps at most ${MAX_PRESETS}, even when saves arrive together`, async () => {
    const token = await subscriber();
    const saves = await Promise.all(
      Array.from({ length: MAX_PRESETS + 3 }, (_, i) =>
        save(token, { tool: 'flipping', name: `Preset ${i}`, view: BIG_DEALS }),
      ),
    );
    expect(saves.filter((r) => r.status === 201)).toHaveLength(MAX_PRESETS);
    const refused = saves.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body])).toEqual(
      Array(3).fill([409, { error: PRESET_TEXTS.limit(MAX_PRESETS) }]),
    );
    expect(await listOf(token)).toHaveLength(MAX_PRESETS);
  });

  it.each([
    ['a blank name', { tool: 'flipping', name: '   ', view: BIG_DEALS }, PRESET_TEXTS.nameRequired],
    [
      'a name too long',
      { tool: 'flipping', name: 'x'.repeat(MAX_PRESET_NAME + 1), view: BIG_DEALS },
      PRESET_TEXTS.nameTooLong(MAX_PRESET_NAME),
    ],
    ['filters out of range', { tool: 'flipping', name: 'Bad', view: 'profit=5' }, PRESET_TEXTS.invalidView],
    [
      "a Sale Avg above the TSM screen's range",
      { tool: 'tsm', name: 'Bad', view: 'avg=80000' },
      PRESET_TEXTS.invalidView,
    ],
    ['an unknown tool', { tool: 'stats', name: 'Bad', view: BIG_DEALS }, undefined],
  ])('refuses %s with 400 and saves nothing', async (_name, body, error) => {
    const token = await subscriber();
    const res = await save(token, body);
    expect(res.status).toBe(400);
    if (error) expect(res.body).toEqual({ error });
    expect(await listOf(token)).toEqual([]);
  });

  it('needs a subscription to save, not to list or delete', async () => {
    const s = await h.signUp(`presets-free-${randomUUID().slice(0, 8)}@example.com`);
    const res = await save(s.accessToken, { tool: 'flipping', name: 'Mine', view: BIG_DEALS });
    expect(res).toMatchObject({ status: 403, body: { error: ACCESS.noSubscription } });
    expect(await listOf(s.accessToken)).toEqual([]);
    expect((await h.api.get(PATH)).status).toBe(401);
  });

  it("never shows, renames or deletes another user's preset", async () => {
    const alice = await subscriber();
    const bob = await subscriber();
    const hers = (await save(alice, { tool: 'flipping', name: 'Secret', view: BIG_DEALS })).body.preset;
    expect(await listOf(bob)).toEqual([]);
    const rename = await h.api.patch(`${PATH}/${hers.id}`, { name: 'Mine now' }, { token: bob });
    expect(rename).toMatchObject({ status: 404, body: { error: PRESET_TEXTS.notFound } });
    const remove = await h.api.delete(`${PATH}/${hers.id}`, { token: bob });
    expect(remove).toMatchObject({ status: 404, body: { error: PRESET_TEXTS.notFound } });
    expect(await listOf(alice)).toEqual([['flipping', 'Secret', BIG_DEALS]]);
  });
});
