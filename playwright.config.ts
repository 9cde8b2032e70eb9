import { defineConfig } from '@playwright/test';
import { chromiumPath, quietChromiumArgs, requireChromium } from './e2e/chromium.ts';
import {
  productionDir,
  productionPort,
  testBuildDir,
  testBuildPort,
  urlOf,
} from './e2e/servers.ts';

// Grove never downloads a browser: e2e runs on the system Chromium (Debian's by default), and
// stops with one line saying how to get one when there is none.
requireChromium();

const preview = (dir: string, port: number) => ({
  command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${dir}`,
  url: urlOf(port),
  reuseExistingServer: false,
  timeout: 60_000,
});

/** The test build's server, which the specs drive (the benchmarks serve only this one). */
export const testBuildServer = preview(testBuildDir, testBuildPort);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // One retry, in a fresh browser: CI once saw a page draw no frame for two minutes with nothing
  // in the app to explain it (the try's page state is printed, e2e/network-guard.ts). A test that
  // fails twice fails the run, and the summary names every test that passed only on its retry.
  retries: 1,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: urlOf(testBuildPort),
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      // A WebGPU adapter (SwiftShader, on the CPU) for the WebGPU code paths.
      args: [...quietChromiumArgs, '--enable-unsafe-webgpu'],
    },
  },
  // e2e/servers.ts: the test build, and beside it the build `npm start` serves.
  webServer: [testBuildServer, preview(productionDir, productionPort)],
});
