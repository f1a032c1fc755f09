import { describe, expect, it } from 'vitest';
import type { DealPrices } from './trust';
import { CONFIDENCE_LEVELS, DEAL_FLAGS, type DealEvidence } from './deal-evidence';
import {
  CONFIDENCE_EXPLANATIONS,
  EVIDENCE_WINDOW_HOURS,
  FLAG_EXPLANATIONS,
  evidenceIncomplete,
  evidenceSoFarLine,
  explainTrust,
  trustLines,
} from './trust-text';
import { assessDeal } from './deal-confidence';
import { NOW, deal, evidence } from './trust-fixtures';

/** The lines explaining the sound deal varied by `d` and `e`, as assessed by the trust rule. */
const explain = (d: Partial<DealPrices>, e: Partial<DealEvidence>) => {
  const prices = { ...deal(d), saleRate: 0.2 };
  const ev = evidence(e);
  return explainTrust({ ...prices, ...assessDeal(prices, ev, NOW) }, ev, NOW);
};

describe('explanations', () => {
  it('has one plain line per level and flag', () => {
    for (const level of CONFIDENCE_LEVELS)
      expect(CONFIDENCE_EXPLANATIONS[level]).toMatch(/^\w+ confidence: /);
    for (const flag of DEAL_FLAGS) expect(FLAG_EXPLANATIONS[flag]).toMatch(/^[A-Z][a-z ]+: .+\.$/);
  });

  it('shows the listed price when it is the lower', () => {
    expect(explain({}, {})).toEqual([
      CONFIDENCE_EXPLANATIONS.high,
      'Expected profit 881g: a 98% chance it sells within 48 hours, at about 2,000g, less the 5% cut and the 1,000g buy price; unsold, it counts as a loss.',
      'If it sells: 900g, for the listed 2,000g, no more than the 2,200g median of 8 sales seen on the sell realm in 14 days, less the 5% cut and the 1,000g buy price.',
    ]);
  });

  it('names a dead listing with its ratio and age, worst flag first', () => {
    const e = {
      medianSale14d: 1500,
      sellListingAgeSnapshots: 75,
      realmsOffering: 2,
      salesSeen14d: 1,
      sellLowQuartile14d: 1600, // offered at 1,600g before: a floor the 7,500g stands far above
    };
    expect(explain({ sellBuyout: 7500 }, e)).toEqual([
      CONFIDENCE_EXPLANATIONS.low,
      'Expected profit -692g: a 45% chance it sells within 48 hours, at about 691g, less the 5% cut and the 1,000g buy price; unsold, it counts as a loss.',
      'If it sells: 425g, for the 1,500g median of 1 sale seen on the sell realm in 14 days, not the listed 7,500g, less the 5% cut and the 1,000g buy price.',
      'Dead listing: the sell price 7,500g is 5.0× the 1,500g median of 1 sale seen on the sell realm in 14 days, and has sat for 3 days.',
      'Slow seller: 1 sale seen on the sell realm in 14 days, about 1.0 expected in the next 2 days.',
      'Thin supply: only 2 realms in the region sell this item.',
    ]);
  });

  it('says what a dead listing without sales on its realm was judged against', () => {
    const noSales = { salesSeen14d: 0, medianSale14d: null, regionMedianLowest: 900 };
    const deadLine = (d: Partial<DealPrices>, e: Partial<DealEvidence>) =>
      explain(d, { ...noSales, ...e }).find((line) => line.startsWith('Dead listing'));
    expect(deadLine({ sellBuyout: 4800 }, { sellLowQuartile14d: 1200, sellListingAgeSnapshots: 30 })).toBe(
      'Dead listing: the sell price 4,800g is 4.0× the 1,200g the sell realm usually offers it at (no sales seen there), and has sat for 30 hours.',
    );
    expect(deadLine({ sellBuyout: 4200 }, { sellItemFloor14d: 1400, sellListingAgeSnapshots: 20 })).toBe(
      'Dead listing: the sell price 4,200g is 3.0× the 1,400g the sell realm usually offers this item at, all its variants counted (no sales seen there), and has sat for 20 hours.',
    );
    expect(deadLine({ sellBuyout: 9000 }, { sellListingAgeSnapshots: 13 })).toBe(
      'Dead listing: the sell price 9,000g is 10.0× the 900g this item is offered at across the region (no sales seen on the sell realm), and has sat for 13 hours.',
    );
    expect(deadLine({ sellBuyout: 1500 }, { sellListingAgeSnapshots: 72 })).toBe(
      'Dead listing: the sell price 1,500g has stood for 3 days, longer than any auction runs (relisted at the same price), and nobody on the sell realm was seen buying the item in 14 days.',
    );
  });

  it('names bait, missing sales and stale data with their numbers', () => {
    const e = {
      salesSeen14d: 0,
      medianSale14d: null,
      buyQuantity: 1,
      buyListingAgeSnapshots: 1,
      sellListingsNearPrice: 1,
      sellRealmUpdatedAt: NOW - 3 * 3600 - 5 * 60,
    };
    expect(explain({ buyBuyout: 150 }, e)).toEqual([
      CONFIDENCE_EXPLANATIONS.low,
      'Expected profit 10g: a 43% chance it sells within 48 hours, at about 1,693g, less the 5% cut and the 150g buy price; unsold, it counts as a loss. The buy listing is still there 2% of the time an hour later (a gone listing costs nothing).',
      'If it sells: 1,560g, for the 1,800g region sale average (no sales seen on the sell realm), not the listed 2,000g, less the 5% cut and the 150g buy price.',
      'Likely bait: a lone unit at 150g, 8% of the 1,800g region sale average (no sales seen on the sell realm), new in the last hour; it is usually bought before you get there.',
      'No sales seen: nobody was seen buying this item on the sell realm in 14 days.',
      'Thin supply: 1 unit to buy, and a single listing sets the sell price.',
      'Stale data: the sell realm last updated 3 h 5 min ago.',
    ]);
  });

  it("says a late realm missed its region's last update, and the deal is no longer high confidence", () => {
    const prices = { ...deal(), saleRate: 0.2 };
    const ev = evidence({ buyRealmUpdatedAt: NOW - 72 * 60, hoursObserved: 336, salesSeen14d: 40 });
    const onTime = assessDeal(prices, ev, NOW);
    const late = assessDeal(prices, ev, NOW, true);
    expect(onTime.flags).toEqual([]);
    expect(onTime.confidence).toBe('high');
    expect(late.flags).toEqual(['stale']);
    expect(late.confidence).toBe('medium');
    expect(explainTrust({ ...prices, ...late }, ev, NOW).at(-1)).toBe(
      "Stale data: the buy realm missed its region's last update (it last updated 1 h 12 min ago), so its listings may be gone.",
    );
    expect(FLAG_EXPLANATIONS.stale).toBe(
      "Stale data: a realm missed its region's last update or has not updated for over 2 hours, so these listings may be gone.",
    );
  });

  it('says when no sale price is known', () => {
    const lines = explain(
      { avgSale: 0 },
      { salesSeen14d: 0, medianSale14d: null, sellListingAgeSnapshots: 30 },
    );
    expect(lines[0]).toBe(CONFIDENCE_EXPLANATIONS.low);
    expect(lines[2]).toBe(
      'If it sells: 900g, for the listed 2,000g (no sale price known), less the 5% cut and the 1,000g buy price.',
    );
  });
});

describe('evidence so far (the 14-day window fills up hour by hour)', () => {
  it('says how many hours of snapshots there are until the window holds 336', () => {
    expect(EVIDENCE_WINDOW_HOURS).toBe(336);
    expect(evidenceSoFarLine(5)).toBe('Evidence so far: 5 hours of snapshots (14 days = 336).');
    expect(evidenceSoFarLine(1)).toBe('Evidence so far: 1 hour of snapshots (14 days = 336).');
    expect(evidenceSoFarLine(335)).toBe('Evidence so far: 335 hours of snapshots (14 days = 336).');
    expect(evidenceSoFarLine(336)).toBeNull();
    expect([0, 335, 336].map(evidenceIncomplete)).toEqual([true, true, false]);
  });

  it('puts that line and what the figure rests on first in the confidence tooltip, and leaves them out once complete', () => {
    const prices = { ...deal({}), saleRate: 0.2 };
    const ev = evidence({});
    const item = { ...prices, ...assessDeal(prices, ev, NOW) };
    const explained = explainTrust(item, ev, NOW);
    expect(trustLines({ ...item, evidence: { ...ev, hoursObserved: 5 } }, NOW)).toEqual([
      'Evidence so far: 5 hours of snapshots (14 days = 336).',
      "Until the sell realm has been watched for 2 days, the sale chance rests mostly on the region's sale rate and prices, and confidence is at most medium.",
      ...explained,
    ]);
    expect(trustLines({ ...item, evidence: { ...ev, hoursObserved: 100 } }, NOW).slice(0, 2)).toEqual([
      'Evidence so far: 100 hours of snapshots (14 days = 336).',
      'The sale chance counts the sales seen on the sell realm in these 100 hours; it firms up as the window fills.',
    ]);
    expect(trustLines({ ...item, evidence: { ...ev, hoursObserved: 336 } }, NOW)).toEqual(explained);
  });
});
