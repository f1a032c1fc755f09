import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { marketConfigOf, marketEnvShape, optionalUrl, type MarketConfig } from './config-market';
import { notPlainlyLocalStart } from './lib/local-only';

// The only reader of process.env: every setting is parsed here once and the app receives a typed Config.

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

const port = z.coerce.number().int().min(0).max(65535);

const DEFAULT_DEMO_PRICES = 'basic_monthly=499,basic_yearly=4990,advanced_monthly=799,advanced_yearly=7990';

export interface DemoPriceConfig {
  lookupKey: string;
  unitAmount: number;
  interval: 'month' | 'year';
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl.refine((u) => !u || /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL'),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
    JWT_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('GoldRoute <no-reply@goldroute.local>'),
    SEED_DEMO_ACCOUNTS: z.enum(['auto', 'true', 'false']).default('auto'),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .refine(
        (v) => v === 'false' || /^[1-9]\d?$/.test(v) || v.split(',').every((a) => isIpOrCidr(a.trim())),
        'must be false, a hop count (1-99) or a comma-separated list of proxy addresses (IP or CIDR)',
      ),
    RATE_LIMIT_ENABLED: z.enum(['true', 'false']).default('true'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    REDIS_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    JOB_STALL_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    DISCORD_CLIENT_ID: z.string().optional(),
    DISCORD_CLIENT_SECRET: z.string().optional(),
    DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
    DISCORD_API_URL: z.url().default('https://discord.com/api'),
    /** The bot that sends route alerts as direct messages; unset: alerts go to webhooks only. */
    DISCORD_BOT_TOKEN: z.string().min(1).optional(),
    ...marketEnvShape,
    PAYMENT_PROVIDER: z.enum(['auto', 'demo', 'stripe']).default('auto'),
    ALLOW_DEMO_PAYMENTS: z.enum(['true', 'false']).default('false'),
    STRIPE_SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    DEMO_PRICES: z
      .string()
      .regex(
        /^\s*[A-Za-z0-9_-]+=\d+\s*(,\s*[A-Za-z0-9_-]+=\d+\s*)*$/,
        'must look like basic_monthly=499,basic_yearly=4990 (lookup key = amount in cents)',
      )
      .default(DEFAULT_DEMO_PRICES),
    DEMO_CURRENCY: z
      .string()
      .regex(/^[a-z]{3}$/, 'must be a lower-case ISO currency code such as usd')
      .default('usd'),
  })
  .superRefine((e, ctx) => {
    if (e.MARKET_SOURCE === 'blizzard') {
      for (const key of [
        'BLIZZARD_CLIENT_ID',
        'BLIZZARD_CLIENT_SECRET',
        'TSM_API_KEY',
        'TSM_CLIENT_ID',
      ] as const) {
        if (!e[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when MARKET_SOURCE=blizzard' });
      }
    }
    if (e.PROCESS_ROLE !== 'all' && !e.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: `is required when PROCESS_ROLE=${e.PROCESS_ROLE} (processes hand snapshots over through Redis)`,
      });
    }
    const payments = paymentProviderOf(e);
    if (payments === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!e[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when payments go through Stripe',
          });
      }
    }
    // The demo checkout charges nothing: in production every user would subscribe for free.
    if (e.NODE_ENV === 'production' && payments === 'demo' && e.ALLOW_DEMO_PAYMENTS !== 'true') {
      ctx.addIssue(
        e.PAYMENT_PROVIDER === 'demo'
          ? {
              code: 'custom',
              path: ['ALLOW_DEMO_PAYMENTS'],
              message:
                'must be true to run PAYMENT_PROVIDER=demo when NODE_ENV=production: the demo checkout charges nothing, so every user would subscribe for free',
            }
          : {
              code: 'custom',
              path: ['STRIPE_SECRET_KEY'],
              message:
                'is required when NODE_ENV=production (or set PAYMENT_PROVIDER=demo and ALLOW_DEMO_PAYMENTS=true to run the demo checkout, which charges nothing)',
            },
      );
    }
    if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required when NODE_ENV=production: password reset and confirmation links must reach their owners by mail (the demo mailbox is for local development only)',
      });
    }
    if (e.NODE_ENV === 'production' && !e.PUBLIC_URL?.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'must be an https:// address when NODE_ENV=production: it turns on HSTS and Secure cookies, and the links we mail carry tokens',
      });
    }
    if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

export type Env = z.input<typeof envSchema>;

function isIpOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

function demoAccountsOf(e: z.output<typeof envSchema>): Config['demoAccounts'] {
  const no = (reason: string) => ({ seed: false as const, reason });
  if (e.SEED_DEMO_ACCOUNTS === 'false') return no('SEED_DEMO_ACCOUNTS=false');
  if (e.NODE_ENV === 'production') return no('NODE_ENV=production');
  if (e.DATABASE_URL) return no('DATABASE_URL is set (demo accounts only go into the embedded database)');
  const notLocal = notPlainlyLocalStart(startSettingsOf(e));
  if (notLocal) return no(notLocal);
  if (e.SEED_DEMO_ACCOUNTS === 'auto' && e.NODE_ENV === 'test') return no('NODE_ENV=test');
  return { seed: true };
}

const startSettingsOf = (e: z.output<typeof envSchema>) => ({
  nodeEnv: e.NODE_ENV,
  host: e.HOST,
  publicUrl: e.PUBLIC_URL,
  trustProxy: e.TRUST_PROXY,
});

/** auto: Stripe when a secret key is given, otherwise the built-in demo provider. */
function paymentProviderOf(e: {
  PAYMENT_PROVIDER: 'auto' | 'demo' | 'stripe';
  STRIPE_SECRET_KEY?: string | undefined;
}) {
  return e.PAYMENT_PROVIDER === 'auto' ? (e.STRIPE_SECRET_KEY ? 'stripe' : 'demo') : e.PAYMENT_PROVIDER;
}

/** The demo provider's plans: lookup key = amount in cents; a key containing "year" bills yearly. */
function parseDemoPrices(spec: string): DemoPriceConfig[] {
  return spec.split(',').map((pair) => {
    const [key = '', amount = '0'] = pair.split('=').map((part) => part.trim());
    return { lookupKey: key, unitAmount: Number(amount), interval: /year/i.test(key) ? 'year' : 'month' };
  });
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where the embedded PGlite database lives when no DATABASE_URL is set; 'memory://' keeps it in memory. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Base of every link we e-mail; never derived from the request's Host header. */
  publicUrl: string;
  logLevel: string;
  webDistDir: string;
  bodyLimitBytes: number;
  /** Signs access tokens; when unset outside production a random one is kept in the database. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  /** The demo mailbox page (/dev/mailbox): only without SMTP, on a plainly local start (lib/local-only.ts). */
  mailbox: boolean;
  /** Which proxies' X-Forwarded-For to believe: none, the nearest N hops, or these addresses. */
  trustProxy: false | number | string[];
  mailFrom: string;
  /**
   * Demo admin and subscriber accounts, whose passwords the log prints: only on the embedded database, on a
   * plainly local start (lib/local-only.ts). Otherwise the reason they are not seeded, said at start.
   */
  demoAccounts: { seed: true } | { seed: false; reason: string };
  rateLimitEnabled: boolean;
  /** Discord OAuth2 for linking a chat account; linking is off (with a clear message) without it. */
  discord: { clientId: string; clientSecret: string; authorizeUrl: string; apiUrl: string } | undefined;
  /** Route alerts: Discord's API (webhooks need no credentials) and the bot for direct messages. */
  alerts: { discordApiUrl: string; botToken: string | undefined };
  /**
   * Shared Redis: rate-limit counters, snapshot hand-over, cache invalidation and job queues (BullMQ) across processes.
   * Unset: everything stays in this one process.
   */
  redisUrl: string | undefined;
  /**
   * With Redis (jobs on BullMQ): how long a worker's hold on a running job lasts unrenewed, so the job of a
   * worker that died is taken over by another within about twice this.
   */
  jobStallMs: number;
  /**
   * all: API + ingestion and schedules (the default); web: API only, snapshots arrive through Redis;
   * worker: ingestion and schedules, publishing through Redis (it still answers the API, e.g. health checks).
   */
  role: 'all' | 'web' | 'worker';
  /** Human-readable logs for a developer's terminal; JSON lines everywhere else. */
  prettyLogs: boolean;
  /** Stripe when configured; otherwise the built-in demo provider, which charges nothing. */
  payments:
    | { provider: 'demo'; prices: DemoPriceConfig[]; currency: string }
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string;
        apiUrl: string;
        timeoutMs: number;
      };
  market: MarketConfig;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError listing every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailbox: !e.SMTP_URL && notPlainlyLocalStart(startSettingsOf(e)) === null,
    trustProxy:
      e.TRUST_PROXY === 'false'
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    demoAccounts: demoAccountsOf(e),
    rateLimitEnabled: e.RATE_LIMIT_ENABLED === 'true',
    redisUrl: e.REDIS_URL,
    jobStallMs: e.JOB_STALL_SECONDS * 1000,
    role: e.PROCESS_ROLE,
    discord:
      e.DISCORD_CLIENT_ID && e.DISCORD_CLIENT_SECRET
        ? {
            clientId: e.DISCORD_CLIENT_ID,
            clientSecret: e.DISCORD_CLIENT_SECRET,
            authorizeUrl: e.DISCORD_AUTHORIZE_URL,
            apiUrl: e.DISCORD_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    alerts: { discordApiUrl: e.DISCORD_API_URL.replace(/\/+$/, ''), botToken: e.DISCORD_BOT_TOKEN },
    prettyLogs: e.LOG_FORMAT === 'pretty' || (e.LOG_FORMAT === 'auto' && e.NODE_ENV === 'development'),
    payments:
      paymentProviderOf(e) === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            timeoutMs: e.STRIPE_TIMEOUT_MS,
          }
        : { provider: 'demo', prices: parseDemoPrices(e.DEMO_PRICES), currency: e.DEMO_CURRENCY },
    market: marketConfigOf(e),
  };
}
