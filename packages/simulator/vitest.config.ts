import { defineProject } from 'vitest/config';

// Files share a worker's modules (no per-file isolation): the root config says why.
export default defineProject({ test: { name: 'simulator', environment: 'node', isolate: false } });
