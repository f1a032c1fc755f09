import { decodeMarketAnswer, dropshipGroupsOf, tradeItemsOf } from '@goldroute/domain/wire';
import type { TradeItem } from '@goldroute/domain';
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { dropshipJson, flippingJson } from './rows';
import { dropshipColumnsBytes, flippingColumnsBytes } from './columns';
import { dropshipPlan } from '../deals';
import { pairExpectations } from '../deals';
import { tradeItemOf } from '../deals';
import { SnapshotBuilder } from '../snapshot';
import { LOOSE_FLOORS, quotedNamesRegion, randomSearchCase } from '../test-support/answer-cases';

describe('compact answers of the engine', () => {
  it('decode to exactly the JSON answers on random markets', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { snap, opts } = randomSearchCase(seed);
      const flipping = decodeMarketAnswer(flippingColumnsBytes(snap, opts, 1234));
      expect(flipping.lastModified).toBe(1234);
      expect(flipping.groups).toBeNull();
      expect(JSON.stringify(tradeItemsOf(flipping.rows)), `seed ${seed}`).toBe(flippingJson(snap, opts));
      const dropship = decodeMarketAnswer(dropshipColumnsBytes(snap, opts, 1234));
      const groups = dropship.groups ? dropshipGroupsOf(dropship.rows, dropship.groups) : null;
      expect(JSON.stringify(groups), `seed ${seed}`).toBe(dropshipJson(snap, opts));
    }
  });

  it('decode to the JSON answers on a simulated region (names with quotes and Cyrillic), answer after answer', () => {
    const { snap, ids, data } = quotedNamesRegion();
    // A narrow answer first: the snapshot's variant pool then serves a wider one from the codes it has.
    for (const realms of [ids.slice(0, 3), ids, ids.slice(2, 5)]) {
      const opts = { buyingRealms: realms, sellingRealms: ids, floors: LOOSE_FLOORS };
      const json = flippingJson(snap, opts);
      expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(flippingColumnsBytes(snap, opts, 1)).rows))).toBe(
        json,
      );
      const dropship = decodeMarketAnswer(dropshipColumnsBytes(snap, opts, 1));
      expect(JSON.stringify(dropshipGroupsOf(dropship.rows, dropship.groups!))).toBe(
        dropshipJson(snap, opts),
      );
    }
    expect(data.realms.some((r) => /[\u0400-\u04FF]/.test(r.name))).toBe(true);
  });

  it('decode to the JSON answers with hours of evidence: profits from the sales seen, flags, confidence', () => {
    const economy = createEconomy({ seed: 5, size: 'tiny' });
    const data = economy.staticData('us');
    const b = new SnapshotBuilder({ region: 'us', ...data, bonusData: economy.bonusData, evidence: true });
    const start = Date.UTC(2026, 10, 20, 0);
    for (let hour = 0; hour < 6; hour++) {
      for (const r of economy.connectedRealms('us'))
        b.ingest(r.id, economy.auctionsJson('us', r.id, hour), start + hour * 3_600_000);
    }
    b.setTsm(economy.tsmRegion('us', 5));
    const snap = b.build();
    const ids = data.realms.map((r) => r.id);
    const opts = { buyingRealms: ids, sellingRealms: ids, floors: LOOSE_FLOORS };
    const json = flippingJson(snap, opts);
    const rows = JSON.parse(json) as TradeItem[];
    // The expected profit (sent, not predicted) reads the realm's sales on some rows.
    expect(
      rows.filter((r) => r.evidence.salesSeen14d > 0 && r.realisticProfit !== r.sellVsBuy).length,
    ).toBeGreaterThan(5);
    // The dropship ranking's figures, worked out once per sell listing, are each row's own.
    const { pairs } = dropshipPlan(snap, opts);
    const expectation = pairExpectations(snap, pairs);
    const own = Array.from(
      { length: pairs.count },
      (_, i) => tradeItemOf(snap, pairs.variant[i]!, pairs.buyEntry[i]!, pairs.sellEntry[i]!).realisticProfit,
    );
    expect(pairs.count).toBeGreaterThan(50);
    expect(Array.from({ length: pairs.count }, (_, i) => expectation.of(i))).toEqual(own);
    expect(new Set(own).size).toBeGreaterThan(20);
    // The best of a run of pairs, pruned by its bound, is the best of their own figures.
    for (let from = 0; from < pairs.count; from += 7) {
      const to = Math.min(pairs.count, from + 1 + (from % 11));
      expect(expectation.best(from, to)).toBe(Math.max(...own.slice(from, to)));
    }
    expect(new Set(rows.map((r) => r.confidence)).size).toBeGreaterThan(1);
    expect(JSON.stringify(tradeItemsOf(decodeMarketAnswer(flippingColumnsBytes(snap, opts, 1)).rows))).toBe(
      json,
    );
    const dropship = decodeMarketAnswer(dropshipColumnsBytes(snap, opts, 1));
    expect(JSON.stringify(dropshipGroupsOf(dropship.rows, dropship.groups!))).toBe(dropshipJson(snap, opts));
  });
});
