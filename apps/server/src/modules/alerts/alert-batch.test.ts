import { LATE_AFTER_SECONDS } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import type { PublishedMarket } from '../market/market-store';
import { batchLanded } from './alert-batch';

const HOUR_MS = 3_600_000;
const T = 1_800_000_000;

const market = (realmTimes: Record<string, number>, lateRealms?: number[]) =>
  ({ meta: { realmTimes, tsmItems: 0, tsmPets: 0, lateRealms } }) as unknown as PublishedMarket;

describe('whether a batch has landed', () => {
  it('has once every realm carries it, US realms spread over minutes included', () => {
    expect(batchLanded(market({ 1: T, 2: T + 110, 3: T + 197 }), HOUR_MS)).toBe(true);
  });

  it('has not while a realm still holds the hour before', () => {
    expect(batchLanded(market({ 1: T, 2: T + 110, 3: T - 3_600 }), HOUR_MS)).toBe(false);
    // The window is the late mark's: a realm just inside it counts as having the batch.
    expect(batchLanded(market({ 1: T, 2: T - LATE_AFTER_SECONDS + 1 }), HOUR_MS)).toBe(true);
    expect(batchLanded(market({ 1: T, 2: T - LATE_AFTER_SECONDS - 1 }), HOUR_MS)).toBe(false);
  });

  it('leaves out the realms already known to be late', () => {
    expect(batchLanded(market({ 1: T, 2: T + 5, 3: T - 7_200 }, [3]), HOUR_MS)).toBe(true);
  });

  it('scales its window with a fast simulated hour', () => {
    // A 60 s hour: the late mark comes after 12 s, so a realm 30 s behind still holds the last batch.
    expect(batchLanded(market({ 1: T, 2: T - 30 }), 60_000)).toBe(false);
    expect(batchLanded(market({ 1: T, 2: T - 5 }), 60_000)).toBe(true);
  });
});
