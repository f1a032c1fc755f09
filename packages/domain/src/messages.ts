// Every user-visible text that SPEC.md quotes, in one place, so screens and tests share the exact strings.

export const PRODUCT_NAME = 'GoldRoute';

export const GENERIC = {
  errorTitle: 'Something went wrong',
  errorText: 'An error happened! Try waiting a few seconds and reloading the page.',
  tryAgain: 'Try Again',
  goBack: 'Go Back',
  loadingTitle: 'Please Wait',
  loadingWarning: 'Please do not reload the page while we load your data.',
} as const;

export const ACCESS = {
  noSubscription: 'You need a subscription active to use the tool!',
  accessDenied: 'Access Denied',
  adminOnly: 'You are not authorized to view this page. Admin privileges required.',
} as const;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
} as const;

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
} as const;

export const FORM_MESSAGES = {
  fixErrors: 'Please fix the form errors before submitting',
  invalidResetToken: 'Invalid reset token',
  fixPassword: 'Please fix password requirements',
  adminGoldSelect: 'Please select both user and subscription type',
} as const;

/**
 * The codes an error answer carries beside its text, for session handling (SPEC §4). Here rather than with
 * the wire schemas so a page that only reads them does not load zod.
 */
export const ERROR_CODES = {
  tokenExpired: 'TOKEN_EXPIRED',
  refreshTokenExpired: 'REFRESH_TOKEN_EXPIRED',
} as const;

export const AUTH_MESSAGES = {
  failed: 'Authentication failed',
  failedLogInAgain: 'Authentication failed. Please log in again.',
  invalidResponse: 'Invalid response from server',
  networkError: 'Network error - please check your connection',
  authError: 'An error occurred during authentication',
  httpError: (status: number, text: string) => `HTTP ${status}: ${text}`,
  sessionExpired: 'Session expired. Please log in again.',
  loginError: 'An error occurred during login. Please try again.',
  registrationFailed: 'Registration failed',
  registrationFailedRetry: 'Registration failed. Please try again.',
  registrationSuccess: 'Registration successful! Please check your email for verification.',
  resetFailed: 'Failed to reset password',
  resetSuccess: 'Password reset successfully',
  notLoggedIn: 'User not authenticated. Please log in first.',
} as const;

export const LABELS = {
  login: 'Login',
  loggingIn: 'Logging in...',
  rememberMe: 'Remember me for 30 days',
  forgotLink: 'Forgot password? Set a new password here',
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account...',
  signInHere: 'Sign in here',
  setNewPassword: 'Set New Password',
  resettingPassword: 'Resetting Password...',
  sendResetLink: 'Send reset password link to your email',
  getAuctionatorLists: 'Get Auctionator Lists',
  copyTsmString: 'Copy TSM String',
  advancedFilters: 'Advanced Filters',
  applyFilters: 'Apply Filters',
  activeFilters: (n: number) => `${n} active filter(s)`,
  auctionatorTitle: 'Get Auctionator Shopping Lists',
  noContent: 'No content available',
  noData: 'No data found',
  noRealmData: 'No realm data available',
  noResults: 'No results found',
  selectAll: 'Select All',
  clearAll: 'Clear All',
  sellVsBuyTooltip: '5% auction house cut is taken into account for the profit calculation',
  clickToCopy: (name: string) => `Click to copy: ${name}`,
  saleAvgTooltip: 'average price over the past 60 days',
  marketValueTooltip: 'last 14 days across all realms in the region',
  historicalTooltip: 'last 60 days',
  pagination: (total: number, perPage: number, pages: number) =>
    `Total items found: ${total} | Results per page: ${perPage} | Total Pages: ${pages}`,
  nextUpdateImminent: 'Next update imminent, page reload is happening soon',
  timerError: 'Unable to check for updates, please try again later',
  tokenLoading: 'Loading...',
  tokenError: 'WoW Token: Error',
  mostPopular: 'Most Popular',
  prioritySupport: 'Priority support',
  cancelDialogTitle: 'Cancel subscription',
  deactivate: 'Deactivate',
  processing: 'Processing...',
  adminStatsTitle: 'Statistical information page',
  noDataAvailable: 'No Data Available',
  addSubscriptionTime: 'Add Subscription Time',
  adding: 'Adding...',
  saveFiltersAsDefaults: 'Save Current Filters as Defaults',
  resetToSavedDefaults: 'Reset to My Saved Defaults',
  resetToSystemDefaults: 'Reset to System Defaults',
  saveAllData: 'Save all data',
} as const;

export const TOASTS = {
  tokenPriceFailed: 'Failed to load token price',
  filtersSaved: 'Filter defaults saved successfully!',
  filtersSaveFailed: 'Failed to save filter defaults',
  copyFailed: 'Failed to copy to clipboard',
  tsmCopyFailed: 'Failed to copy TSM string to clipboard',
  copied: (title: string) => `${title} copied to clipboard!`,
  tsmCopied: 'TSM string copied to clipboard!',
  copiedPlain: 'Copied to clipboard!',
  favoriteFailed: 'Failed to update favorite',
  favoriteAdded: 'Added to favorites',
  favoriteRemoved: 'Removed from favorites',
  pricesFailed: 'Failed to load pricing information',
  checkoutFailed: 'Failed to initiate checkout',
  cancelFailed: 'Failed to cancel subscription',
  cancelSuccess: 'Your subscription has been successfully canceled',
  changeFailed: 'Failed to change subscription',
  changeSuccess: 'Your subscription has been successfully updated',
  resumeFailed: 'Failed to resume subscription',
  resumeSuccess: 'Your subscription has been successfully resumed',
  profileRefreshFailed: 'Failed to refresh user data',
  subscriptionWelcome: 'Welcome! Your subscription is now active.',
  discordLinked: 'Discord account linked successfully!',
  discordLinkFailed: (reason: string) => `Failed to link Discord account: ${reason}`,
  noCacheData: 'No cache data received',
  cacheStatsFailed: 'Failed to fetch cache stats',
  cannotClearCache: (name: string) => `Cannot clear cache for ${name}`,
  clearCacheFailed: (name: string, region: string) => `Failed to clear cache for ${name} (${region})`,
  cacheCleared: (name: string, region: string) => `Cache cleared for ${name} (${region})`,
  usersFetchFailed: 'Failed to fetch users',
  usersFetchError: 'Error fetching users',
  errorPrefixed: (message: string) => `Error: ${message}`,
  addTimeFailed: 'Failed to add subscription time',
  addTimeError: 'Error adding subscription time',
  addTimeSuccess: 'Subscription time added successfully!',
} as const;

export const DISCORD_MESSAGES = {
  noCode: 'No authorization code received from Discord',
  noState: 'No state parameter received from Discord',
  invalidState: 'Invalid state parameter',
} as const;

// A reset link that no longer works (not in the spec): the server's answer to a reset with it, and what
// the reset page says on opening it.
export const RESET_LINK_MESSAGES = {
  invalid: 'This password reset link is invalid or has expired.',
} as const;

// Server-side password cap (not in the spec; stops hashing arbitrarily long input).
export const PASSWORD_POLICY_MESSAGES = {
  tooLong: 'Password must be at most 128 characters long',
} as const;

// Personal config validation on the server (values must sit inside the SPEC §5 filter ranges).
export const CONFIG_MESSAGES = {
  outOfRange: (field: string, min: number, max: number) => `${field} must be between ${min} and ${max}`,
  unknownCategory: (value: string) => `Unknown category: ${value}`,
  unknownQuality: (value: number) => `Unknown quality: ${value}`,
  unknownExpansion: (value: number) => `Unknown expansion: ${value}`,
  unknownDuration: 'Unknown duration',
} as const;

export const FILTER_LABELS = {
  sellRate: 'Sell Rate',
  saleAvg: 'Sale Avg',
  goldProfitSaleAvg: 'Gold Profit on Sale Avg',
  goldProfit: 'Gold Profit',
  goldProfitPercent: 'Gold Profit %',
  maxGoldBuyout: 'Max Gold Buyout',
  regionMarketValue: 'Region Market Value',
  regionHistorical: 'Region Historical',
} as const;

export const PRICE_RATIO_LABELS = {
  cheap: 'rather cheap',
  normal: 'around normal',
  expensive: 'significantly expensive',
} as const;

export const PLAN_LABELS = {
  currentPlan: 'Current Plan',
  switchTo: (interval: 'monthly' | 'yearly') => `Switch to ${interval}`,
  upgradeToAdvanced: 'Upgrade to Advanced',
  downgradeToBasic: 'Downgrade to Basic',
  downgradeToBasicWithInterval: (interval: 'monthly' | 'yearly') => `Downgrade to Basic (${interval})`,
  switchPlan: 'Switch Plan',
  subscribeNow: 'Subscribe now',
  cancelSubscription: 'Cancel Subscription',
  resumeSubscription: 'Resume Subscription',
} as const;

export const SUBSCRIPTION_STATE_LABELS = {
  active: 'Active',
  expired: 'Expired',
  inCancelation: 'In cancelation',
  canceled: 'Canceled',
} as const;

export const CANCEL_REASONS = {
  paymentFailed: 'Reason: Payment failed',
  cancelled: 'Reason: Cancelled',
} as const;

export const EXPORT_TEXTS = {
  auctionatorListName: (realm: string) => `${PRODUCT_NAME} Buy from ${realm}`,
  // Not in SPEC (which knows every level): rows export.ts cannot write without guessing an item level.
  leftOutUnknownItemLevel: (n: number) =>
    `${n} item(s) left out: item level unknown (bonus data is behind the game)`,
} as const;

/** An unknown item level (TradeItem.itemLevel null) in the ilvl cell; not in SPEC, which knows every level. */
export const ITEM_LEVEL_TEXTS = {
  unknown: 'unknown',
  unknownTitle: "ilvl unknown: the bonus data does not know this item's bonus ids yet",
} as const;

/** Filter presets (not in SPEC): a user's named views of a tool. */
export const PRESET_TEXTS = {
  nameRequired: 'Enter a name for the preset',
  nameTooLong: (max: number) => `A preset name can be at most ${max} characters`,
  nameTaken: (name: string) => `You already have a preset named "${name}" for this tool`,
  limit: (max: number) => `You can keep at most ${max} presets; delete one to save another`,
  notFound: 'Preset not found',
  invalidView: 'These filters cannot be saved as a preset',
  nothingToChange: 'Send a new name or new filters',
} as const;

/** Route alerts to Discord (not in SPEC). */
export const ALERT_TEXTS = {
  testPost: 'GoldRoute route alerts will be posted here.',
  notAWebhook:
    'Paste the URL of a Discord webhook (Server Settings > Integrations > Webhooks > Copy Webhook URL)',
  webhookRequired: 'A webhook URL is needed for alerts to a webhook',
  directMessagesOff: 'Direct messages are not available: post to a webhook instead',
  discordNotLinked: 'Link your Discord account first to receive alerts as direct messages',
  presetNotFound: 'Preset not found',
  presetNotFlipping: 'Alerts follow routes of the flipping tool: choose a flipping preset',
  limit: (max: number) => `You can keep at most ${max} alert rules; delete one to add another`,
  notFound: 'Alert rule not found',
  deleted: 'Alert rule deleted',
} as const;
