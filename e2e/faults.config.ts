import { defineConfig } from 'vitest/config';

// The fault suite (faults/): real server processes behind TCP proxies the tests cut. Files run one after
// another (each starts several processes on a 2-core machine); a case takes up to a few minutes.
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
