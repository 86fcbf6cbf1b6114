import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  root: here,
  base: '/',
  // precompress: brotli and gzip copies of the output, served as they are (issue 9).
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Routes load their screens lazily (features/screens.ts); the entry stays small (< 150 KB gzip).
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `vite --config renderer/vite.config.ts` for renderer work against a running `npm run serve`
    // (API_TARGET elsewhere); the browser tests use it to serve test fixtures (renderer/test-fixtures).
    // The Host is passed through (not the target's): the page's Origin then matches the Host the
    // server sees, as its check of state-changing requests wants (server/common/security).
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
