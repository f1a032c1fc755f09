import { decodeMarketAnswer, tradeItemsOf } from '@goldroute/domain/wire';
import { describe, expect, it } from 'vitest';
import { flippingPairs } from '../deals';
import { quotedNamesRegion } from '../test-support/answer-cases';
import { evidenceRanges, poolOf, prepareAnswerCaches } from './answer-caches';
import { flippingColumnsBytes } from './columns';
import { flippingJson } from './rows';

describe('preparing a snapshot’s answer caches ahead of its first answer', () => {
  it('pools every variant of the widest flipping answer, a bounded number a step, with the same answer after', () => {
    const { snap, ids } = quotedNamesRegion();
    const widest = { buyingRealms: ids, sellingRealms: ids };
    const variants = new Set(flippingPairs(snap, widest).variant);
    expect(variants.size).toBeGreaterThan(100);
    const { pool } = poolOf(snap);
    const perStep = 20;
    const added: number[] = [];
    for (const _ of prepareAnswerCaches(snap, perStep)) {
      added.push(pool.size - added.reduce((a, b) => a + b, 0));
    }
    expect(Math.max(...added)).toBe(perStep);
    expect(pool.size).toBe(variants.size);
    // At least a step per bound, per buying realm, per dictionary, and per 20 variants.
    expect(added.length).toBeGreaterThanOrEqual(8 + ids.length + Math.ceil(variants.size / perStep) + 10);

    const answer = decodeMarketAnswer(flippingColumnsBytes(snap, widest, 7));
    expect(pool.size).toBe(variants.size);
    expect(JSON.stringify(tradeItemsOf(answer.rows))).toBe(flippingJson(snap, widest));
  });

  it('works out the same evidence bounds as an answer made without it', () => {
    const prepared = quotedNamesRegion().snap;
    for (const _ of prepareAnswerCaches(prepared));
    const fresh = quotedNamesRegion().snap;
    const bounds = evidenceRanges(fresh);
    expect(Object.keys(bounds)).toHaveLength(9);
    expect(bounds.realmsOffering!.max).toBeGreaterThan(1);
    expect(evidenceRanges(prepared)).toEqual(bounds);
  });
});
