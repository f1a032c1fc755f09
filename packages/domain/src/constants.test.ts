import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('"Business constants and limits" (SPEC §9)', () => {
  it.each([
    ['MIN_PASSWORD_LENGTH', 8],
    ['REMEMBER_ME_DAYS', 30],
    ['ACCESS_REFRESH_MINUTES', 45],
    ['TOKEN_POLL_MINUTES', 15],
    ['TOKEN_HISTORY_DAYS', 14],
    ['TIMER_POLL_SECONDS', 60],
    ['TIMER_TICK_SECONDS', 1],
    ['TIMER_RELOAD_DELAY_MS', 5000],
    ['UPDATE_PERIOD_SECONDS', 3600],
    ['POST_CHECKOUT_RELOAD_MS', 2000],
    ['DISCORD_SUCCESS_REDIRECT_MS', 2000],
    ['DISCORD_ERROR_CLOSE_MS', 200000],
    ['RETRY_AFTER_401_MS', 100],
    ['TOAST_AUTO_CLOSE_MS', 5000],
    ['TOAST_LIMIT', 6],
    ['PAGINATION_SPAN', 10],
    ['STICKY_TOTALS_PX', 200],
    ['DROPDOWN_SEARCH_THRESHOLD', 20],
    ['NAME_TRUNCATE_LENGTH', 30],
    ['PERCENT_DISPLAY_CAP', 9999999],
    ['DROPDOWN_MAX_HEIGHT_CLASS', 'max-h-96'],
    ['WOW_TOKEN_UPDATE_EVENT', 'wowTokenUpdate'],
    ['CHECKOUT_SUCCESS_PARAM', 'checkout_success'],
    ['CHECKOUT_SESSION_PARAM', 'session_id'],
  ] as const)('%s = %j', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it('"Tooltip: defaults are offset 10, arrow size 8, show and hide delay 0"', () => {
    expect(c.TOOLTIP_DEFAULTS).toEqual({ offset: 10, arrowSize: 8, showDelay: 0, hideDelay: 0 });
  });

  it('"The names are active, in cancelation, canceled, expired, no"', () => {
    expect(c.SUBSCRIPTION_STAT_NAMES).toEqual(['active', 'in cancelation', 'canceled', 'expired', 'no']);
  });
});
