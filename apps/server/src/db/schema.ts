/**
 * The drizzle schema: every table, one file per area under tables/ (the column shapes they share in
 * tables/columns.ts). Code and drizzle-kit (drizzle.config.ts) read the tables from here.
 */
export {
  users,
  favorites,
  filterPresets,
  alertRules,
  alertSentRoutes,
  subscriptions,
  discordStates,
} from './tables/users';
export { sessions, usedRefreshTokens, rememberTokens, emailTokens } from './tables/sessions';
export { outbox } from './tables/mail';
export {
  tokenPrices,
  catalogItems,
  catalogPets,
  sourceDocuments,
  marketEvidence,
  marketKeptSnapshots,
} from './tables/market';
export {
  paymentCustomers,
  paymentCheckouts,
  paymentSubscriptions,
  paymentEvents,
  paymentNotifications,
} from './tables/payments';
export {
  demoPrices,
  demoCheckoutSessions,
  demoSubscriptions,
  demoInvoices,
  demoCustomerBalances,
  demoPortalSessions,
} from './tables/demo-payments';
export { appState, adminAudit, jobRuns } from './tables/operations';
export { freshnessSamples } from './tables/freshness';
