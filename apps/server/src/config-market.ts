import { z } from 'zod';

// The market settings of config.ts: where dumps come from, how the simulator runs, and how they are built.

export const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const marketEnvShape = {
  MARKET_SOURCE: z.enum(['auto', 'simulator', 'blizzard', 'off']).default('auto'),
  SIMULATOR_SIZE: z.enum(['tiny', 'small', 'standard', 'full']).default('standard'),
  SIMULATOR_SEED: z.coerce.number().int().default(20_261_122),
  /** How long a simulated hour lasts, seconds (tests and benchmarks watch many batches with a short one). */
  SIMULATOR_HOUR_SECONDS: z.coerce.number().int().min(30).default(3600),
  /** Days of past dumps the embedded simulator replays into deal evidence at a fresh start (0: none). */
  EVIDENCE_REPLAY_DAYS: z.coerce.number().int().min(0).max(14).default(14),
  /** Ingest, evidence and builds in a worker thread per region; false keeps them on the request thread. */
  MARKET_BUILDER_THREAD: z.enum(['true', 'false']).default('true'),
  MARKET_POLL_MINUTES: z.coerce.number().min(1).max(60).default(10),
  BLIZZARD_CLIENT_ID: z.string().optional(),
  BLIZZARD_CLIENT_SECRET: z.string().optional(),
  BLIZZARD_OAUTH_URL: z.url().default('https://oauth.battle.net/token'),
  BLIZZARD_API_URL: z.string().default('https://{region}.api.blizzard.com'),
  TSM_API_KEY: z.string().optional(),
  TSM_CLIENT_ID: z.string().optional(),
  TSM_AUTH_URL: z.url().default('https://auth.tradeskillmaster.com/oauth2/token'),
  TSM_PRICING_URL: z.url().default('https://pricing-api.tradeskillmaster.com'),
  BONUS_DATA_URL: z.url().default('https://www.raidbots.com/static/data/live'),
  ITEM_EXPANSIONS_URL: optionalUrl,
  CRAFTED_ITEMS_URL: optionalUrl,
  FAKE_ITEMS_URL: optionalUrl,
};
type MarketEnv = z.output<z.ZodObject<typeof marketEnvShape>>;

export type MarketConfig =
  | { source: 'off' }
  | {
      source: 'simulator';
      size: 'tiny' | 'small' | 'standard' | 'full';
      seed: number;
      /** How long a simulated hour lasts, seconds (SIMULATOR_HOUR_SECONDS). */
      hourSeconds: number;
      pollMinutes: number;
      /** Days of past dumps replayed into deal evidence at a fresh start (0: none). */
      replayDays: number;
      /** Ingest, evidence and builds run in a worker thread per region (MARKET_BUILDER_THREAD). */
      builderThread: boolean;
    }
  | {
      source: 'blizzard';
      pollMinutes: number;
      builderThread: boolean;
      blizzard: { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string };
      tsm: { apiKey: string; clientId: string; authUrl: string; pricingUrl: string };
      /** Item data Blizzard's API does not give: raidbots bonus files, expansion and crafted lists. */
      itemData: {
        bonusDataUrl: string;
        expansionsUrl: string | undefined;
        craftedUrl: string | undefined;
        fakeUrl: string | undefined;
      };
    };

/** auto: the real APIs when Blizzard credentials are given, otherwise the embedded simulator. */
export function marketConfigOf(e: MarketEnv): MarketConfig {
  const source =
    e.MARKET_SOURCE === 'auto' ? (e.BLIZZARD_CLIENT_ID ? 'blizzard' : 'simulator') : e.MARKET_SOURCE;
  if (source === 'off') return { source };
  if (source === 'simulator') {
    return {
      source,
      size: e.SIMULATOR_SIZE,
      seed: e.SIMULATOR_SEED,
      hourSeconds: e.SIMULATOR_HOUR_SECONDS,
      pollMinutes: e.MARKET_POLL_MINUTES,
      replayDays: e.EVIDENCE_REPLAY_DAYS,
      builderThread: e.MARKET_BUILDER_THREAD === 'true',
    };
  }
  return {
    source,
    pollMinutes: e.MARKET_POLL_MINUTES,
    builderThread: e.MARKET_BUILDER_THREAD === 'true',
    blizzard: {
      clientId: e.BLIZZARD_CLIENT_ID ?? '',
      clientSecret: e.BLIZZARD_CLIENT_SECRET ?? '',
      oauthUrl: e.BLIZZARD_OAUTH_URL,
      apiUrl: e.BLIZZARD_API_URL,
    },
    tsm: {
      apiKey: e.TSM_API_KEY ?? '',
      clientId: e.TSM_CLIENT_ID ?? '',
      authUrl: e.TSM_AUTH_URL,
      pricingUrl: e.TSM_PRICING_URL,
    },
    itemData: {
      bonusDataUrl: e.BONUS_DATA_URL.replace(/\/+$/, ''),
      expansionsUrl: e.ITEM_EXPANSIONS_URL,
      craftedUrl: e.CRAFTED_ITEMS_URL,
      fakeUrl: e.FAKE_ITEMS_URL,
    },
  };
}
