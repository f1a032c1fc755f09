import { defineProject } from 'vitest/config';

// The benchmarks' pure helpers (bench/lib/*.test.ts). Not in the root projects list yet: run with
// `npm test --workspace bench` (or add 'bench' to the root vitest.config.ts projects).
export default defineProject({ test: { name: 'bench', environment: 'node', include: ['lib/**/*.test.ts'] } });
