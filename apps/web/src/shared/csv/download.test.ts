import { describe, expect, it } from 'vitest';
import { csvFileName } from './download';

describe('csvFileName', () => {
  it("names the tool, the region and the user's local date", () => {
    // Local time: late in the evening is still that day, whatever UTC says.
    expect(csvFileName('flipping', 'us', new Date(2026, 10, 29, 23, 59))).toBe(
      'goldroute-flipping-us-2026-11-29.csv',
    );
    expect(csvFileName('realm-stats', 'eu', new Date(2027, 0, 3, 0, 1))).toBe(
      'goldroute-realm-stats-eu-2027-01-03.csv',
    );
  });
});
