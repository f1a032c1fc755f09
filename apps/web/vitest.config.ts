import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share a worker's modules and jsdom window (no per-file isolation; the root config says why):
    // src/test/setup.ts cleans the DOM, storage, stubs and mocks after every test.
    isolate: false,
  },
});
