import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';
// Whole path segments only: a plain '/retail' prefix would also swallow the SPA's own
// /retail-cross-realm-... pages. Keys starting with ^ are regular expressions.
const proxiedPaths = ['^/shared(/|$)', '^/retail(/|$)', '^/dev(/|$)', '^/healthz$', '^/readyz$'];
// The demo provider's checkout pages are the server's own; their form posts must look same-origin to it.
const serverPages = ['^/demo-checkout(/|$)'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: {
    proxy: Object.fromEntries([
      ...proxiedPaths.map((path) => [path, { target: API_TARGET, changeOrigin: true }]),
      ...serverPages.map((path) => [
        path,
        { target: API_TARGET, changeOrigin: true, headers: { origin: API_TARGET } },
      ]),
    ]),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Keep every asset a real file: the production CSP allows no inline scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The shared rules package has no import-for-effect modules, but its files build zod schemas and
      // lookup tables at the top level, which the bundler would otherwise keep for any page that imports
      // one rule: the landing page would carry the tools' wire format and trust texts.
      treeshake: { moduleSideEffects: (id) => (id.includes('/packages/domain/src/') ? false : undefined) },
      output: {
        // React and the router change with upgrades only: one chunk the browser keeps across releases.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
