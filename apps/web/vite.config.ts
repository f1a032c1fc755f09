import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';
// Whole path segments only: a plain '/retail' prefix would also swallow the SPA's own
// /retail-cross-realm-... pages. Keys starting with ^ are regular expressions.
const proxiedPaths = ['^/shared(/|$)', '^/retail(/|$)', '^/dev(/|$)', '^/healthz$', '^/readyz$'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Keep every asset a real file: the production CSP allows no inline scripts.
    assetsInlineLimit: 0,
  },
});
