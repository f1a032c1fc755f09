// Test-only: a sound deal and its evidence for the trust rule's tests, varied per case. Nothing is wrong
// with it: 8 sales seen at a 2,200g median in the 48 hours observed so far (a pace of 8 in the next
// 2 days), depth on both sides, fresh data.
import { dealFlags, type DealPrices } from './trust';
import type { DealEvidence } from './deal-evidence';

export const NOW = 1_700_000_000;

export const DEAL: DealPrices = { buyBuyout: 1000, sellBuyout: 2000, avgSale: 1800 };
export const EVIDENCE: DealEvidence = {
  salesSeen14d: 8,
  medianSale14d: 2200,
  sellListingsNearPrice: 3,
  sellQuantityNearPrice: 4,
  realmsOffering: 10,
  buyQuantity: 2,
  sellListingAgeSnapshots: 5,
  buyListingAgeSnapshots: 3,
  buyRealmUpdatedAt: NOW - 600,
  sellRealmUpdatedAt: NOW - 600,
  hoursObserved: 48,
  sellLowQuartile14d: null,
  regionMedianLowest: 2100,
  sellItemFloor14d: null,
  sellPostedHours: null,
};

export const deal = (over: Partial<DealPrices> = {}): DealPrices => ({ ...DEAL, ...over });
export const evidence = (over: Partial<DealEvidence> = {}): DealEvidence => ({ ...EVIDENCE, ...over });
export const flagsOf = (d: Partial<DealPrices>, e: Partial<DealEvidence>) =>
  dealFlags(deal(d), evidence(e), NOW);
