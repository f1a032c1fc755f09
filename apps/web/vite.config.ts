import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';
const proxiedPrefixes = ['/shared', '/retail', '/healthz', '/readyz', '/dev'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Keep every asset a real file: the production CSP allows no inline scripts.
    assetsInlineLimit: 0,
  },
});
