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

export default defineConfig({
  // csp(): a Content-Security-Policy on every page load (scripts/vite/csp.ts).
  plugins: [react(), csp(), ortAssets(), serviceWorker()],
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', sourcemap: true },
});
