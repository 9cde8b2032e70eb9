import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { ortAssets } from './scripts/vite/ort-assets.ts';
import { serviceWorker } from './scripts/vite/service-worker.ts';

// Cross-origin isolation lets the WASM runtimes use threads (SharedArrayBuffer).
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react(), ortAssets(), serviceWorker()],
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', sourcemap: true },
});
