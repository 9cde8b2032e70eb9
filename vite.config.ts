import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { csp } from './scripts/vite/csp.ts';
import { ortAssets } from './scripts/vite/ort-assets.ts';
import { serviceWorker } from './scripts/vite/service-worker.ts';

// Cross-origin isolation lets the WASM runtimes use threads (SharedArrayBuffer).
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * `vite build --mode e2e` is the test build e2e runs (playwright.config.ts): it keeps the labelled
 * test modes (`/?test=…`) and the automation API on `window.grove`. Every other build (the one
 * `npm start` serves) has `__GROVE_TEST_BUILD__` false, and the code it guards is dropped.
 */
export const TEST_BUILD_MODE = 'e2e';

export default defineConfig(({ mode }) => ({
  // csp(): a Content-Security-Policy on every page load (scripts/vite/csp.ts).
  plugins: [react(), csp(), ortAssets(), serviceWorker()],
  define: { __GROVE_TEST_BUILD__: JSON.stringify(mode === TEST_BUILD_MODE) },
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', sourcemap: true },
}));
