import {
  auctionatorLeftOutCount,
  auctionatorLists,
  auctionatorTerm,
  craftedStatName,
  EXPORT_TEXTS,
  isPet,
  type TradeItem,
} from '@goldroute/domain';
import type { AhDataResponse, RealmsResponse } from '@goldroute/domain/api';
import {
  expectedCases,
  expectedGaps,
  realBonusData,
  realDumps,
  realItems,
} from '@goldroute/market/real-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { loopbackGate } from '../../test-support/loopback-gate';
import { grantSubscription } from '../../test-support/market';
import { realBlizzardEnv, startRealBlizzard, type RealBlizzard } from '../../test-support/real-blizzard';
import { openTestDatabase } from '../../test-support/test-database';

// MARKET_SOURCE=blizzard on real data: real EU auction dumps, real item records and raidbots' 12.1 bonus
// files (fixtures/blizzard-real) served over loopback and read through the app's own Blizzard, TSM and
// raidbots clients. Every item level the tools show must be what an independent resolver
// (TradeSkillMaster's BonusIdTool, expected.json) says of the same auction.

let blizzard: RealBlizzard;
let app: Harness;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let rows: TradeItem[];

const STAT_NAMES: Record<string, string> = {
  crit: craftedStatName(32)!,
  haste: craftedStatName(36)!,
  versatility: craftedStatName(40)!,
  mastery: craftedStatName(49)!,
};

const baseLevels = new Map(realItems().map((i) => [i.id, i.level]));

/** What the reference gives the auctions of this row's variant (one per drop level seen). */
function referencesOf(row: TradeItem): { level: number; gaps: string[] }[] {
  const bonus = [...row.bonus].sort((a, b) => a - b).join(',');
  return expectedCases()
    .filter(
      (c) =>
        c.itemId === row.id &&
        [...c.bonus].sort((a, b) => a - b).join(',') === bonus &&
        c.secondary.map((s) => STAT_NAMES[s]).join() === row.craftedStats.join(),
    )
    .map((c) => ({
      level: c.tsmItemLevel,
      gaps: expectedGaps(c, baseLevels.get(c.itemId)!, realBonusData()),
    }));
}

/** Whether a level is one the reference gives this row's variant. */
const agrees = (row: TradeItem, level: number | null) =>
  level !== null && referencesOf(row).some((r) => r.level === level);

/**
 * Rows the reference reads with data raidbots does not publish (content tuning): their level is not held
 * to it. Only the one content-tuned piece of the fixtures (item 1925) may be among them.
 */
const unheld = (row: TradeItem) =>
  !agrees(row, row.itemLevel) && referencesOf(row).every((r) => r.gaps.length > 0);

/** The app on MARKET_SOURCE=blizzard against this loopback, refreshed, and a subscriber's EU undercut rows. */
async function startOn(server: RealBlizzard, database: Awaited<ReturnType<typeof openTestDatabase>>) {
  const h = await startHarness(realBlizzardEnv(server), {
    database: database.database,
    blizzardGate: loopbackGate(),
  });
  await h.app.market.refreshNow();
  // The item catalog learns the dumps' ids during the refresh; the next one builds with all of them.
  await h.app.market.refreshNow();
  const session = await h.signUp('real-data@example.com');
  await grantSubscription(h.app.database.db, session.user.id);
  const realms = await h.api.get<RealmsResponse>('/shared/data/realms/eu');
  expect(realms.body.map((r) => r.id).sort((a, b) => a - b)).toEqual(server.realmIds);
  const res = await h.api.post<AhDataResponse>(
    '/retail/market/ah-data-undercut/eu',
    { retailBuyingRealms: server.realmIds, retailSellingRealms: server.realmIds },
    { token: session.accessToken },
  );
  expect(res.status).toBe(200);
  return { h, rows: res.body.data.items };
}

beforeAll(async () => {
  blizzard = await startRealBlizzard();
  db = await openTestDatabase();
  ({ h: app, rows } = await startOn(blizzard, db));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await blizzard?.close();
});

describe('real Blizzard data through the real clients', () => {
  it('shows every undercut row of gear at the level the independent resolver gives its auctions', () => {
    const gear = rows.filter((r) => !isPet(r));
    expect(gear.length).toBeGreaterThan(5);
    const wrong = gear
      .filter((r) => !agrees(r, r.itemLevel) && !unheld(r))
      .map((r) => ({ key: r.uniqueItemKey, shown: r.itemLevel, references: referencesOf(r) }));
    expect(wrong).toEqual([]);
    expect(gear.filter(unheld).every((r) => r.id === 1925)).toBe(true);
    // Squished numbers, not the base levels of the item records (a Midnight-era level stays below 200).
    expect(Math.max(...gear.map((r) => r.itemLevel ?? 0))).toBeLessThan(200);
  });

  it("writes each buy realm's Auctionator list with windows around the reference levels", () => {
    const lists = auctionatorLists(rows).split('\n');
    const windowed = rows.filter((r) => !isPet(r) && (r.class === 'Armor' || r.class === 'Weapon'));
    expect(windowed.length).toBeGreaterThan(5);
    for (const row of windowed) {
      const term = auctionatorTerm(row)!;
      const name = EXPORT_TEXTS.auctionatorListName(row.buyingConnectedRealmName);
      const list = lists.find((line) => line.startsWith(`${name}^`));
      expect(list?.split('^')).toContain(term);
      const [, , min, max] = term.split(';').map(Number);
      if (unheld(row)) continue;
      const inside = referencesOf(row).filter((r) => r.level >= min! && r.level <= max!);
      expect(inside.length, `${row.uniqueItemKey}: ${min}-${max}`).toBeGreaterThan(0);
    }
  });

  it('carries the bonus ids and the reference level that game-database links are built from', () => {
    const gear = rows.filter((r) => !isPet(r) && r.bonus.length > 0);
    expect(gear.length).toBeGreaterThan(0);
    for (const row of gear.filter((r) => !unheld(r)))
      expect(agrees(row, row.itemLevel), row.uniqueItemKey).toBe(true);
  });

  it('counts no auction of unknown item level: the 12.1 data knows every bonus id of these dumps', async () => {
    const stats = await app.app.market.caches.stats();
    expect(stats.auctionsWithUnknownItemLevel?.['2']).toBe(0);
    expect(app.app.market.store.current('eu')?.snapshot.unknownBonusIds).toEqual([]);
  });
});

describe('patch day: bonus data behind the game', () => {
  // Bonus entries from 10800 on are withheld: the ids 11.x pieces carry from there on (the crafted
  // pieces' 10827 and 10830 among them) are then newer than the data.
  let behind: RealBlizzard;
  let behindDb: Awaited<ReturnType<typeof openTestDatabase>>;
  let late: Awaited<ReturnType<typeof startOn>>;
  beforeAll(async () => {
    behind = await startRealBlizzard({ bonusIdsBelow: 10800 });
    behindDb = await openTestDatabase();
    late = await startOn(behind, behindDb);
  }, 120_000);
  afterAll(async () => {
    await late?.h.close();
    await behindDb?.close();
    await behind?.close();
  });

  it('shows those auctions as ilvl unknown, never a guessed number, and keeps them out of the lists', () => {
    const unknown = late.rows.filter((r) => r.itemLevel === null);
    expect(unknown.length).toBeGreaterThan(0);
    for (const row of unknown) expect(row.bonus.some((id) => id >= 10800)).toBe(true);
    for (const row of late.rows.filter((r) => r.itemLevel !== null && !isPet(r) && !unheld(r)))
      expect(agrees(row, row.itemLevel), row.uniqueItemKey).toBe(true);
    const lists = auctionatorLists(late.rows);
    for (const row of unknown.filter((r) => r.class === 'Armor' || r.class === 'Weapon'))
      expect(lists).not.toContain(`"${row.name}";`);
    expect(auctionatorLeftOutCount(late.rows)).toBe(
      unknown.filter((r) => r.class === 'Armor' || r.class === 'Weapon' || r.class === 'Profession').length,
    );
  });

  it('counts them per region on the admin stats and names the unknown bonus ids', async () => {
    const snapshot = late.h.app.market.store.current('eu')?.snapshot;
    const listed = new Set<number>();
    for (const dump of realDumps().values())
      if (dump.source.region === 'eu' && dump.source.connectedRealmId !== null)
        for (const a of dump.auctions)
          for (const id of a.item.bonus_lists ?? []) if (id >= 10800) listed.add(id);
    expect(snapshot?.unknownBonusIds).toEqual([...listed].sort((a, b) => a - b));
    const stats = await late.h.app.market.caches.stats();
    expect(stats.auctionsWithUnknownItemLevel?.['2']).toBe(snapshot?.unknownLevelAuctions);
    expect(snapshot?.unknownLevelAuctions).toBeGreaterThan(0);
  });
});
