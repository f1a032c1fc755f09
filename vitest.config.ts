import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One test run over every workspace that has unit or API tests; browser journeys have their own config (e2e/).
//
// Two files at once: on the 2-core machines Vitest's default (cores - 1) runs one file at a time, and most
// files spend much of their time waiting on loopback servers, timers and the database. Each project sets
// `isolate: false` (a worker reuses its modules and environment from file to file), so a file must leave
// no module state changed behind it: restore what it configures (passwords.test.ts resets the hash gate).
//
// The server files whose assertions compare time measured in this process (timing oracles, event-loop
// shares, a replay's pace, a simulator on a two-second hour) run last and alone (`server-timing`): another
// file on the other core would skew them. `npm run test:db` runs both server projects (`--project 'server*'`).
const SERVER_TIMING = [
  'src/modules/market/embedded-source.test.ts',
  'src/modules/market/evidence-replay.test.ts',
  'src/modules/market/market-warm.test.ts',
  'src/modules/users/forgot-password-timing.test.ts',
  'src/modules/users/login-unlock-timing.test.ts',
];

// The PostgreSQL pass (`npm run test:db`, mode `postgres`) runs the server files again on PostgreSQL and
// Redis. These files open no database through TEST_DATABASE_URL and no Redis through TEST_REDIS_URL (nor does
// anything they import): they would run exactly as in the first pass, so that pass leaves them out. A file
// that comes to read either variable, or to start the app or a test database, runs in both passes again.
const EMBEDDED_ONLY = [
  'src/db/pglite-thread.test.ts',
  'src/modules/market/batch-watcher.test.ts',
  'src/modules/market/builder-thread/builder-thread.test.ts',
  'src/modules/market/builder-thread/mirrored-sources.test.ts',
  'src/modules/market/builder-thread/replay-thread.test.ts',
  'src/modules/market/builder-thread/worker-evidence.test.ts',
  'src/modules/market/embedded-source.test.ts',
  'src/modules/market/evidence-replay.test.ts',
  'src/modules/market/market-warm.test.ts',
  'src/modules/market/region-ingestor.test.ts',
  'src/sources/blizzard.test.ts',
  'src/sources/discord-messages.test.ts',
  'src/sources/http-json.test.ts',
  'src/sources/rate-gate.test.ts',
];
const OPENS_BACKING =
  /TEST_DATABASE_URL|TEST_REDIS_URL|startTestApp|startHarness|startMarketHarness|openTestDatabase|createTestDatabase|databaseForAll|freshDatabaseEachTest|useSimulatorAndDatabase/;
const embeddedOnly = EMBEDDED_ONLY.filter(
  (file) => !OPENS_BACKING.test(readFileSync(new URL(`./apps/server/${file}`, import.meta.url), 'utf8')),
);

export default defineConfig(({ mode }) => {
  const leftOut = mode === 'postgres' ? embeddedOnly : [];
  return {
    test: {
      maxWorkers: 2,
      projects: [
        'packages/domain',
        'packages/market',
        'packages/simulator',
        'packages/stripe-fake',
        {
          extends: './apps/server/vitest.config.ts',
          root: './apps/server',
          test: { name: 'server', exclude: ['**/node_modules/**', ...SERVER_TIMING, ...leftOut] },
        },
        {
          extends: './apps/server/vitest.config.ts',
          root: './apps/server',
          test: {
            name: 'server-timing',
            include: SERVER_TIMING,
            exclude: leftOut,
            maxWorkers: 1,
            sequence: { groupOrder: 1 },
          },
        },
        'apps/web',
      ],
    },
  };
});
