import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Everything a production start needs; each test leaves out the settings it is about. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 's'.repeat(32),
  PAYMENT_PROVIDER: 'demo',
  ALLOW_DEMO_PAYMENTS: 'true',
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'https://goldroute.example',
};
function productionWithout(...left: (keyof typeof PRODUCTION)[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PRODUCTION).filter(([key]) => !left.includes(key as keyof typeof PRODUCTION)),
  );
}

describe('loadConfig', () => {
  it('uses the embedded defaults: port 3000, ./data, no database URL', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.nodeEnv).toBe('development');
  });

  it('reads every variable and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/goldroute',
      DATABASE_URL: 'postgres://u@db:5432/goldroute',
      PUBLIC_URL: 'https://goldroute.example/',
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_example',
      STRIPE_WEBHOOK_SECRET: 'whsec_example',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/goldroute',
      databaseUrl: 'postgres://u@db:5432/goldroute',
      publicUrl: 'https://goldroute.example',
      nodeEnv: 'production',
    });
  });

  it("pays through the demo provider by default, at the issue's prices, and through Stripe when configured", () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'demo',
      currency: 'usd',
      prices: [
        { lookupKey: 'basic_monthly', unitAmount: 499, interval: 'month' },
        { lookupKey: 'basic_yearly', unitAmount: 4990, interval: 'year' },
        { lookupKey: 'advanced_monthly', unitAmount: 799, interval: 'month' },
        { lookupKey: 'advanced_yearly', unitAmount: 7990, interval: 'year' },
      ],
    });
    expect(loadConfig({ DEMO_PRICES: 'basic_monthly=599, advanced_yearly=9900' }).payments).toMatchObject({
      prices: [
        { lookupKey: 'basic_monthly', unitAmount: 599, interval: 'month' },
        { lookupKey: 'advanced_yearly', unitAmount: 9900, interval: 'year' },
      ],
    });
    expect(() => loadConfig({ DEMO_PRICES: 'basic_monthly:4.99' })).toThrow(/DEMO_PRICES/);
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_example', STRIPE_WEBHOOK_SECRET: 'whsec_example' }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_example',
      webhookSecret: 'whsec_example',
      apiUrl: 'https://api.stripe.com',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_example' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('never runs the free demo checkout in production unless asked to by name', () => {
    const production = productionWithout('PAYMENT_PROVIDER', 'ALLOW_DEMO_PAYMENTS');
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: is required when NODE_ENV=production/);
    // Naming the demo provider is not enough: every user would subscribe for free.
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'demo' })).toThrow(
      'ALLOW_DEMO_PAYMENTS: must be true to run PAYMENT_PROVIDER=demo when NODE_ENV=production: the demo checkout charges nothing, so every user would subscribe for free',
    );
    expect(() =>
      loadConfig({ ...production, PAYMENT_PROVIDER: 'demo', ALLOW_DEMO_PAYMENTS: 'false' }),
    ).toThrow(/ALLOW_DEMO_PAYMENTS/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'demo', ALLOW_DEMO_PAYMENTS: 'yes' })).toThrow(
      /ALLOW_DEMO_PAYMENTS/,
    );
    const allowed = { ...production, ALLOW_DEMO_PAYMENTS: 'true' };
    expect(loadConfig({ ...allowed, PAYMENT_PROVIDER: 'demo' }).payments.provider).toBe('demo');
    expect(loadConfig(allowed).payments.provider).toBe('demo');
    // Outside production the demo provider needs no permission.
    expect(loadConfig({ PAYMENT_PROVIDER: 'demo' }).payments.provider).toBe('demo');
  });

  it('refuses a production start without a mail transport, naming SMTP_URL', () => {
    const production = productionWithout('SMTP_URL');
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: is required when NODE_ENV=production/);
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' }).mailbox).toBe(false);
  });

  it('serves the demo mailbox only without SMTP, outside production, on a loopback address', () => {
    expect(loadConfig({}).mailbox).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).mailbox).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).mailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).mailbox).toBe(false);
  });

  it('keeps the mailbox and the demo accounts to a plainly local start: behind a proxy there are neither', () => {
    const local = loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' });
    expect([local.mailbox, local.demoAccounts]).toEqual([true, { seed: true }]);
    for (const publicUrl of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://127.8.0.1'])
      expect(loadConfig({ PUBLIC_URL: publicUrl }).mailbox, publicUrl).toBe(true);
    // nginx on the same machine: HOST is loopback, but the world reaches the server by another name.
    const proxied = loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://goldroute.example' });
    expect(proxied.mailbox).toBe(false);
    expect(proxied.demoAccounts).toEqual({
      seed: false,
      reason:
        'PUBLIC_URL=https://goldroute.example is not a loopback address: the server is reached from elsewhere',
    });
    expect(loadConfig({ PUBLIC_URL: 'http://localhost.example.com' }).mailbox).toBe(false);
    // A configured proxy forwards requests from anywhere, all arriving on a loopback socket.
    const trusting = loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '1' });
    expect(trusting.mailbox).toBe(false);
    expect(trusting.demoAccounts).toEqual({
      seed: false,
      reason: 'TRUST_PROXY=1 is set: requests come through a proxy, from anywhere',
    });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).demoAccounts.seed).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).mailbox).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1', SEED_DEMO_ACCOUNTS: 'true' }).demoAccounts.seed).toBe(false);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.2,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      '::1',
    ]);
    for (const bad of ['true', '0', 'proxy.example', '10.0.0.0/40'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('reads the Blizzard source with its item data URLs', () => {
    const config = loadConfig({
      MARKET_SOURCE: 'blizzard',
      BLIZZARD_CLIENT_ID: 'id',
      BLIZZARD_CLIENT_SECRET: 'secret',
      TSM_API_KEY: 'key',
      TSM_CLIENT_ID: 'client',
      CRAFTED_ITEMS_URL: 'https://lists.example/crafted.json',
    });
    expect(config.market).toMatchObject({
      source: 'blizzard',
      itemData: {
        bonusDataUrl: 'https://www.raidbots.com/static/data/live',
        expansionsUrl: undefined,
        craftedUrl: 'https://lists.example/crafted.json',
      },
    });
    expect(() =>
      loadConfig({ MARKET_SOURCE: 'blizzard', BLIZZARD_CLIENT_ID: 'id', ITEM_EXPANSIONS_URL: 'nope' }),
    ).toThrow(/ITEM_EXPANSIONS_URL/);
  });

  it('reads how long a simulated hour lasts: an hour by default, at least 30 s', () => {
    expect(loadConfig({ MARKET_SOURCE: 'simulator' }).market).toMatchObject({ hourSeconds: 3600 });
    expect(loadConfig({ MARKET_SOURCE: 'simulator', SIMULATOR_HOUR_SECONDS: '60' }).market).toMatchObject({
      source: 'simulator',
      hourSeconds: 60,
    });
    for (const bad of ['29', '0', '90.5', 'hourly']) {
      expect(() => loadConfig({ SIMULATOR_HOUR_SECONDS: bad }), bad).toThrow(/SIMULATOR_HOUR_SECONDS/);
    }
  });

  it('builds snapshots in a worker thread per region unless MARKET_BUILDER_THREAD=false', () => {
    expect(loadConfig({ MARKET_SOURCE: 'simulator' }).market).toMatchObject({ builderThread: true });
    expect(loadConfig({ MARKET_SOURCE: 'simulator', MARKET_BUILDER_THREAD: 'false' }).market).toMatchObject({
      builderThread: false,
    });
    expect(() => loadConfig({ MARKET_BUILDER_THREAD: 'no' })).toThrow(/MARKET_BUILDER_THREAD/);
  });

  it('reads the process role: all by default; web and worker need REDIS_URL', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ PROCESS_ROLE: 'web', REDIS_URL: 'redis://cache:6379' })).toMatchObject({
      role: 'web',
      redisUrl: 'redis://cache:6379',
    });
    expect(() => loadConfig({ PROCESS_ROLE: 'worker' })).toThrow(
      /REDIS_URL: is required when PROCESS_ROLE=worker/,
    );
    expect(() => loadConfig({ PROCESS_ROLE: 'api' })).toThrow(/PROCESS_ROLE/);
  });

  it('requires an https PUBLIC_URL in production', () => {
    const production = productionWithout('PUBLIC_URL');
    const refusal = /PUBLIC_URL: must be an https:\/\/ address when NODE_ENV=production/;
    expect(() => loadConfig(production)).toThrow(refusal);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://goldroute.example' })).toThrow(refusal);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://goldroute.example' }).publicUrl).toBe(
      'https://goldroute.example',
    );
    // Outside production a plain local address is fine.
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: is required when NODE_ENV=production/,
    );
  });

  it('fails fast listing every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://x@y/z',
        PUBLIC_URL: 'not a url',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['DATABASE_URL', 'NODE_ENV', 'PORT', 'PUBLIC_URL']);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});
