// How long the seller posted an auction for (12, 24 or 48 hours), read off Blizzard's time_left band
// and the hours we have seen the auction. A seller who expects a sale posts for 12 or 24
// hours; a listing meant to sit (the dead listings that make deals look better than they are) is
// posted for the longest time, 48 hours, and relisted when it runs out. The bands: SHORT under 30
// minutes left, MEDIUM under 2 hours, LONG under 12 hours, VERY_LONG 12 to 48 hours.

import { TIME_LEFT_VERY_LONG } from '../ingest';

/**
 * An auction seen for the first time in snapshot k was posted in the hour before it, so after `age`
 * hourly snapshots it has run between age - 1 and age hours: the bands are read at those bounds
 * exactly (the test walks every posting minute). Hours to add to each bound for safety, if dumps
 * ever come less regularly than hourly.
 */
const MARGIN = 0;

/**
 * The hours the auction was posted for, or 0 when its band and age leave it open: an auction seen for
 * `age` hourly snapshots (1 = new in the latest) that reads `timeLeftCode` now. Only an age the realm's
 * run of consecutive snapshots (`streak`, this one included) covers is known to start at the posting:
 * an auction already up in the first snapshot after a gap may be older than its age says.
 */
export function postedHours(age: number, timeLeftCode: number, streak: number): 0 | 12 | 24 | 48 {
  if (age >= streak) return 0;
  // Hours run: between age - 1 and age.
  const veryLong = timeLeftCode === TIME_LEFT_VERY_LONG;
  if (veryLong) {
    // 12 hours or more left after more than 12 hours run: only a 48-hour posting (a 24-hour one reads
    // LONG from its 12th hour); and a 48-hour one reads VERY_LONG until its 36th hour.
    return age - 1 >= 12 + MARGIN && age <= 36 - MARGIN ? 48 : 0;
  }
  // Under 12 hours left: a 12-hour posting from the start, a 24-hour one from its 12th hour, a 48-hour
  // one from its 36th.
  if (age <= 12 - MARGIN) return 12;
  if (age - 1 >= 12 + MARGIN && age <= 24 - MARGIN) return 24;
  if (age - 1 >= 36 + MARGIN) return 48;
  return 0;
}
