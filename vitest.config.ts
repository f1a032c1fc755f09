import { defineConfig } from 'vitest/config';

// One test run over every workspace that has unit or API tests; browser journeys have their own config (e2e/).
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/market',
      'packages/simulator',
      'packages/stripe-fake',
      'apps/server',
      'apps/web',
    ],
  },
});
