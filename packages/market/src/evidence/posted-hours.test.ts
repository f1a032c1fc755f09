import { describe, expect, it } from 'vitest';
import { TIME_LEFT_LONG, TIME_LEFT_MEDIUM, TIME_LEFT_SHORT, TIME_LEFT_VERY_LONG } from '../ingest';
import { postedHours } from './posted-hours';

/** Blizzard's band for the minutes an auction has left. */
function band(minutesLeft: number): number {
  if (minutesLeft < 30) return TIME_LEFT_SHORT;
  if (minutesLeft < 120) return TIME_LEFT_MEDIUM;
  if (minutesLeft < 720) return TIME_LEFT_LONG;
  return TIME_LEFT_VERY_LONG;
}

describe('postedHours', () => {
  it('never names a duration an auction could not have, whatever minute it was posted at', () => {
    const streak = 100;
    for (const hours of [12, 24, 48]) {
      for (let postedMinute = 1; postedMinute < 60; postedMinute += 7) {
        // Snapshot k (k >= 1) is taken at minute 60 k; the auction is posted at minute postedMinute.
        for (let k = 1; 60 * k - postedMinute < hours * 60; k++) {
          const left = hours * 60 - (60 * k - postedMinute);
          const got = postedHours(k, band(left), streak);
          if (got !== 0) expect(got).toBe(hours);
        }
      }
    }
  });

  it('tells each duration over most of its life', () => {
    const streak = 100;
    const seen = (hours: number) => {
      const told: number[] = [];
      for (let k = 1; 60 * k - 30 < hours * 60; k++)
        told.push(postedHours(k, band(hours * 60 - (60 * k - 30)), streak));
      return told.filter((h) => h === hours).length / told.length;
    };
    expect(seen(12)).toBeGreaterThan(0.8);
    expect(seen(24)).toBeGreaterThan(0.4);
    expect(seen(48)).toBeGreaterThan(0.45);
  });

  it('says nothing of an auction that may be older than its age (up before the run of snapshots began)', () => {
    expect(postedHours(5, TIME_LEFT_LONG, 20)).toBe(12);
    expect(postedHours(5, TIME_LEFT_LONG, 5)).toBe(0);
    expect(postedHours(20, TIME_LEFT_VERY_LONG, 20)).toBe(0);
    expect(postedHours(20, TIME_LEFT_VERY_LONG, 21)).toBe(48);
  });
});
