import { defineProject } from 'vitest/config';

// API tests start real servers against a real database; PostgreSQL when TEST_DATABASE_URL is set.
// Files share a worker's modules (no per-file isolation): the root config says why.
export default defineProject({
  test: { name: 'server', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
});
