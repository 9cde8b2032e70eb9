import { defineConfig } from '@playwright/test';
import { chromiumPath, quietChromiumArgs } from './e2e/chromium.ts';

// Grove never downloads a browser: e2e runs on the system Chromium (Debian's by default).
// Overridable so several checkouts (or engineers) can run e2e side by side.
const port = Number(process.env.GROVE_E2E_PORT ?? 4173);
const outDir = process.env.GROVE_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      // A WebGPU adapter (SwiftShader, on the CPU) for the WebGPU code paths.
      args: [...quietChromiumArgs, '--enable-unsafe-webgpu'],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
