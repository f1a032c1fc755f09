import accepts from '@fastify/accepts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { DEMO_PAYMENTS_META } from '@goldroute/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { openRedisBus, type RedisBus } from './lib/redis-bus';
import { healthRoutes } from './modules/health/health.routes';
import { createReadiness } from './modules/health/readiness';
import { mailboxRoutes } from './modules/mail/mailbox.routes';
import { startMarket, type MarketRuntime } from './modules/market/market-runtime';
import type { RequestGate } from './sources/rate-gate';
import type { MarketSource } from './modules/market/market-source';
import { marketRoutes } from './modules/market/market.routes';
import { createMailer } from './modules/mail/mailer';
import { createAccessTokens } from './modules/sessions/access-token';
import { createAuthGuard, createOptionalAuth } from './modules/sessions/auth-guard';
import { createCheckoutOwners } from './modules/payments/demo/checkout-owner';
import { billingRoutes } from './modules/payments/billing.routes';
import { demoCheckoutRoutes } from './modules/payments/demo/demo-checkout.routes';
import { demoPortalRoutes } from './modules/payments/demo/demo-portal.routes';
import { startPayments, type PaymentsRuntime } from './modules/payments/payments-runtime';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createAdminGuard } from './modules/users/admin-guard';
import { createLoginThrottle } from './modules/users/login-throttle';
import { loginThrottleStore } from './modules/users/login-throttle-store';
import { loginUnlockRoutes } from './modules/users/login-unlock.routes';
import { createLoginUnlockService } from './modules/users/login-unlock.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { eventsRoutes } from './modules/events/events.routes';
import { createSnapshotEvents, type SnapshotEvents } from './modules/events/snapshot-events';
import { createFreshnessService } from './modules/freshness/freshness.service';
import { freshnessRoutes } from './modules/freshness/freshness.routes';
import { localCacheActions, sharedCacheActions } from './modules/admin/cache-actions';
import { noJobRunner, type JobRunner, type StartJobs } from './jobs/job';
import { createJobRuns } from './jobs/job-runs';
import { startLocalJobs } from './jobs/local-jobs';
import { createPurge, PURGE_JOB } from './jobs/purge';
import { startQueuedJobs } from './jobs/queued-jobs';
import { resolveJwtSecret } from './modules/sessions/jwt-secret';
import { createSessionService } from './modules/sessions/sessions.service';
import { createAccountsService } from './modules/users/accounts.service';
import { seedDemoAccounts } from './modules/users/demo-seed';
import { createDiscordLinkService } from './modules/users/discord-link.service';
import { createSettingsService } from './modules/users/settings.service';
import { createDiscordClient } from './sources/discord';
import { createDiscordMessages } from './sources/discord-messages';
import { createUserViews } from './modules/users/user-views';
import { usersRoutes } from './modules/users/users.routes';
import { alertRulesRoutes } from './modules/alerts/alert-rules.routes';
import { createAlertRulesService } from './modules/alerts/alert-rules.service';
import { createAlertDelivery } from './modules/alerts/alert-delivery';
import { startAlertJobs } from './modules/alerts/alert-jobs';
import { presetsRoutes } from './modules/presets/presets.routes';
import { createPresetsService } from './modules/presets/presets.service';
import { registerErrorHandler } from './plugins/errors';
import { loggingOptions } from './plugins/logger';
import { registerRequestLog } from './plugins/request-log';
import { registerRouteContract } from './plugins/route-contract';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import type { LogStream } from './plugins/terminal-log';

export interface App {
  server: FastifyInstance;
  database: Database;
  market: MarketRuntime;
  payments: PaymentsRuntime;
  /** The snapshot event streams of this process (open streams, for the benches). */
  events: SnapshotEvents;
  /** Route alert runs (alert-jobs.ts): tests run one now, as the batch trigger does. */
  alerts: JobRunner;
}

export interface BuildOptions {
  /** An already open database (the caller closes it). */
  database?: Database;
  /** Time source; tests move it forward to expire tokens. */
  clock?: Clock;
  /** Market data source; tests hand in a simulator they control. */
  marketSource?: MarketSource;
  /** Prefix of the Redis keys and channel shared by cooperating processes (tests keep theirs apart). */
  redisPrefix?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Heartbeat period of the snapshot event streams, ms (tests shorten it). */
  eventsHeartbeatMs?: number;
  /** What every Blizzard API request passes (default: Blizzard's limits); tests on a loopback Blizzard lift them. */
  blizzardGate?: RequestGate;
}

/** Builds the whole application without listening; tests and server.ts both start here. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? (await openDatabase(config));
  const clock = options.clock ?? systemClock;
  const server = Fastify({
    ...loggingOptions(config, options.logStream),
    bodyLimit: config.bodyLimitBytes,
    // A hop count trusts the nearest N proxies (proxy-addr's rule, written as its function form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Poisoned JSON ("__proto__", "constructor.prototype") is refused with 400 rather than silently stripped.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  server.decorateRequest('auth', null);
  if (!options.database) server.addHook('onClose', () => database.close());

  registerRouteContract(server);
  registerErrorHandler(server);
  registerRequestLog(server);
  await registerSecurityHeaders(server, { https: config.publicUrl.startsWith('https://') });
  await server.register(compress, { threshold: 1024 });
  await server.register(cookie);
  await server.register(accepts);
  const limiter = await registerRateLimits(server, {
    enabled: config.rateLimitEnabled,
    redisUrl: config.redisUrl,
  });

  // With Redis, this process cooperates with others: snapshots, cache invalidation and job queues.
  const bus: RedisBus | undefined = config.redisUrl
    ? await openRedisBus({ url: config.redisUrl, prefix: options.redisPrefix, log: server.log })
    : undefined;
  // Registered before the market's hook: onClose hooks run last-in first-out, so the bus closes after it.
  if (bus) server.addHook('onClose', () => bus.close());
  if (config.role !== 'all' && !config.databaseUrl && !options.database)
    server.log.warn(
      'PROCESS_ROLE=%s without DATABASE_URL: no other process shares this database',
      config.role,
    );

  const { db } = database;
  const signingSecret = await resolveJwtSecret(db, config.jwtSecret);
  const accessTokens = createAccessTokens(signingSecret, clock);
  const sessions = createSessionService(db, accessTokens, clock, {
    onRevoke: async (revoked) =>
      bus?.publish(
        'sessionId' in revoked
          ? { type: 'session-revoked', sessionId: revoked.sessionId }
          : { type: 'user-sessions-revoked', userId: revoked.userId },
      ),
  });
  bus?.subscribe((message) => {
    if (message.type === 'session-revoked') sessions.forgetRevoked({ sessionId: message.sessionId });
    if (message.type === 'user-sessions-revoked') sessions.forgetRevoked({ userId: message.userId });
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: server.log });
  // Every process sends what is queued (claims never overlap), starting with mail left from before a restart.
  mailer.start();
  server.addHook('onClose', () => mailer.stop());
  const accounts = createAccountsService({ db, mailer, sessions, clock, publicUrl: config.publicUrl });
  const userViews = createUserViews(db, clock);
  // Every scheduled job is defined once by its module; with Redis it runs on BullMQ, otherwise on timers here.
  const jobRuns = createJobRuns(db, clock, server.log);
  const readiness = createReadiness({ database, jobs: jobRuns, clock });
  const runJobs: StartJobs = async (jobs) =>
    bus && config.redisUrl
      ? startQueuedJobs(jobs, {
          redisUrl: config.redisUrl,
          prefix: bus.prefix,
          log: server.log,
          runs: jobRuns,
          stallMs: config.jobStallMs,
        })
      : startLocalJobs(jobs, { log: server.log, runs: jobRuns });
  // Every process knows every job's period (readiness judges them); a web process runs none of them.
  const startJobs: StartJobs = async (jobs) => {
    jobRuns.expect(jobs);
    return config.role === 'web' ? noJobRunner : runJobs(jobs);
  };
  const market = await startMarket(config.market, {
    db,
    clock,
    log: server.log,
    role: config.role,
    bus,
    startJobs,
    expectJobs: jobRuns.expect,
    source: options.marketSource,
    blizzardGate: options.blizzardGate,
    dataDir: config.dataDir,
    onUserChanged: userViews.forget,
  });
  server.addHook('onClose', () => market.close());
  const freshness = createFreshnessService({ db, clock, store: market.store, log: server.log });
  server.addHook('onClose', () => freshness.close());
  const settings = createSettingsService({ db, clock, realms: market.store, onChange: market.forgetUser });
  const requireAuth = createAuthGuard(accessTokens, sessions);
  const payments = await startPayments(config.payments, {
    db,
    clock,
    log: server.log,
    mailer,
    publicUrl: config.publicUrl,
    onChange: market.forgetUser,
    startJobs,
  });
  server.addHook('onClose', () => payments.close());
  const purge = createPurge({ db, clock, log: server.log });
  const housekeeping = await startJobs([
    { ...PURGE_JOB, runAtStart: false, run: async () => void (await purge.run()) },
  ]);
  server.addHook('onClose', () => housekeeping.stop());
  const discordLink = createDiscordLinkService({
    db,
    clock,
    discord: config.discord
      ? createDiscordClient({ ...config.discord, redirectUri: `${config.publicUrl}/auth/discord/callback` })
      : undefined,
  });

  // Wrong-password throttling, and its mailed way back in for a new device (off with the rate limits).
  const throttleStore = config.rateLimitEnabled ? loginThrottleStore(clock, bus) : undefined;
  const loginUnlock = createLoginUnlockService({
    db,
    mailer,
    clock,
    publicUrl: config.publicUrl,
    store: throttleStore,
  });

  await server.register(healthRoutes, { readiness });
  await server.register(usersRoutes, {
    clock,
    accounts,
    settings,
    sessions,
    accessTokens,
    requireAuth,
    limiter,
    secureCookies: config.publicUrl.startsWith('https://'),
    discordLink,
    views: userViews,
    loginThrottle:
      throttleStore && createLoginThrottle(throttleStore, { onNewDeviceRefused: loginUnlock.mailLink }),
  });
  await server.register(presetsRoutes, {
    presets: createPresetsService({ db, clock }),
    requireAuth,
    views: userViews,
  });
  const discordMessages = createDiscordMessages({
    apiUrl: config.alerts.discordApiUrl,
    botToken: config.alerts.botToken,
  });
  // Without market data there is nothing to alert on (and no job to judge readiness by).
  const alertJobs = !market.live
    ? noJobRunner
    : await startAlertJobs({
        delivery: createAlertDelivery({
          db,
          clock,
          discord: discordMessages,
          store: market.store,
          access: market.access,
          publicUrl: config.publicUrl,
          batchIntervalMs: market.batchIntervalMs,
          log: server.log,
        }),
        store: market.store,
        startJobs,
        role: config.role,
        batchIntervalMs: market.batchIntervalMs,
      });
  server.addHook('onClose', () => alertJobs.stop());
  await server.register(alertRulesRoutes, {
    alerts: createAlertRulesService({
      db,
      clock,
      discord: discordMessages,
      discordApiUrl: config.alerts.discordApiUrl,
    }),
    requireAuth,
    views: userViews,
  });
  await server.register(loginUnlockRoutes, {
    unlock: loginUnlock,
    limiter,
    clock,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await server.register(marketRoutes, {
    access: market.access,
    market: market.service,
    store: market.store,
    tokens: market.tokens,
    history: market.history,
    requireAuth,
    limiter,
    simulated: market.simulated,
  });
  await server.register(freshnessRoutes, { freshness, access: market.access, requireAuth, limiter });
  const events = createSnapshotEvents(market.store);
  await server.register(eventsRoutes, {
    events,
    access: market.access,
    requireAuth,
    limiter,
    heartbeatMs: options.eventsHeartbeatMs,
  });
  const requireAdmin = createAdminGuard(db);
  const cacheActions = bus
    ? sharedCacheActions(market.caches, bus, server.log)
    : localCacheActions(market.caches);
  // Before the bus closes (onClose hooks run last-in first-out).
  server.addHook('onClose', () => cacheActions.close());
  await server.register(adminRoutes, {
    admin: createAdminService({
      db,
      clock,
      store: market.store,
      caches: cacheActions,
      jobs: jobRuns,
      freshness,
      forgetUser: market.forgetUser,
    }),
    caches: cacheActions,
    readiness,
    requireAuth,
    requireAdmin,
  });
  const checkoutOwners = payments.demo
    ? createCheckoutOwners({ secret: signingSecret, secureCookies: config.publicUrl.startsWith('https://') })
    : undefined;
  await server.register(paymentsRoutes, {
    payments: payments.service,
    requireAuth,
    optionalAuth: createOptionalAuth(accessTokens, sessions),
    requireAdmin,
    limiter,
    parseWebhook: payments.parseWebhook,
    currentPriceOf: async (userId: string) =>
      (await userViews.cached(userId))?.stripeSubscription?.items.data[0]?.price.id,
    failNextPayment: payments.demo?.failNextPayment,
    bindCheckout: checkoutOwners?.bind,
  });
  await server.register(billingRoutes, {
    billing: payments.billing,
    requireAuth,
    limiter,
    bindPortal: checkoutOwners?.bind,
  });
  if (payments.demo && checkoutOwners) {
    const demoPages = {
      demo: payments.demo.provider,
      owners: checkoutOwners,
      publicOrigin: new URL(config.publicUrl).origin,
    };
    await server.register(demoCheckoutRoutes, demoPages);
    await server.register(demoPortalRoutes, demoPages);
  }
  if (config.mailbox) await server.register(mailboxRoutes, { db });
  else if (mailer.kind === 'outbox')
    server.log.warn(
      'no SMTP_URL: mail stays in the outbox table; the demo mailbox is served on a plainly local start only (loopback HOST and PUBLIC_URL, no TRUST_PROXY, outside production)',
    );
  // Production on the free demo provider (ALLOW_DEMO_PAYMENTS): every page says nothing is charged.
  const demoPaymentsLive = config.nodeEnv === 'production' && config.payments.provider === 'demo';
  await registerSpa(server, config.webDistDir, {
    meta: demoPaymentsLive ? { [DEMO_PAYMENTS_META]: 'true' } : {},
  });

  if (config.demoAccounts.seed) await seedDemoAccounts(db, clock, server.log);
  else server.log.info(`demo accounts not seeded: ${config.demoAccounts.reason}`);
  return { server, database, market, payments, events, alerts: alertJobs };
}
