import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own server and Chromium. Two files run at once (2-core machines):
// a journey spends much of its time waiting on its browser and its server, and a worker reuses its modules
// from file to file (no per-file isolation). The speed journey holds its figures to a yardstick measured in
// the same page at the same moment, so a journey beside it slows both alike.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
