// Timings and limits of SPEC §9, named once so client, server and tests agree.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_EMAIL_LENGTH = 254; // RFC 5321 path limit; the spec sets none.

// Session
export const REMEMBER_ME_DAYS = 30;
export const ACCESS_REFRESH_MINUTES = 45;
export const RETRY_AFTER_401_MS = 100;

// Token price header
export const TOKEN_POLL_MINUTES = 15;
export const TOKEN_HISTORY_DAYS = 14;
export const WOW_TOKEN_UPDATE_EVENT = 'wowTokenUpdate';

// Data timer
export const TIMER_POLL_SECONDS = 60;
export const TIMER_TICK_SECONDS = 1;
export const TIMER_RELOAD_DELAY_MS = 5000;
export const UPDATE_PERIOD_SECONDS = 3600;

// Subscription and chat link
export const POST_CHECKOUT_RELOAD_MS = 2000;
export const CHECKOUT_SUCCESS_PARAM = 'checkout_success';
export const CHECKOUT_SESSION_PARAM = 'session_id';
/** A <meta name> on every page when production runs the free demo payment provider: the web says so. */
export const DEMO_PAYMENTS_META = 'goldroute-demo-payments';
export const DISCORD_SUCCESS_REDIRECT_MS = 2000;
export const DISCORD_ERROR_CLOSE_MS = 200000;

// Notifications, paging and layout
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 6;
export const PAGINATION_SPAN = 10;
export const STICKY_TOTALS_PX = 200;
export const NAME_TRUNCATE_LENGTH = 30;
export const PERCENT_DISPLAY_CAP = 9999999;

// Reusable controls
export const DROPDOWN_SEARCH_THRESHOLD = 20;
export const DROPDOWN_MAX_HEIGHT_CLASS = 'max-h-96';
export const TOOLTIP_DEFAULTS = { offset: 10, arrowSize: 8, showDelay: 0, hideDelay: 0 } as const;

// Names of the subscription stat cards, as the stats call keys them (SPEC §3 Admin entities).
export const SUBSCRIPTION_STAT_NAMES = ['active', 'in cancelation', 'canceled', 'expired', 'no'] as const;
