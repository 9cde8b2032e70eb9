/**
 * The WASM text-generation fallback runs in its own worker (never on the page thread): without
 * WebGPU, loading starts workers/textgen.worker.ts, transformers.js there looks for the weights at
 * the self-hosted model base URL on this origin (none exist on this machine), and the failure
 * comes back across the worker boundary as the app's ModelLoadError.
 */
import { noWebGpuLaunch } from './chromium.ts';
import { expect, test } from './network-guard.ts';

// Chromium without --enable-unsafe-webgpu grants no adapter (see runtime-no-webgpu.spec.ts).
test.use({ launchOptions: noWebGpuLaunch });

interface Snapshot {
  choice: { modelBaseUrl: string | null };
  selection: { mode: string; modelId?: string };
  llm: { status: string; error?: { name: string; message: string } };
}

test('loading the WASM model runs transformers.js in the text-generation worker', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/#settings');
  await page.waitForFunction(() => window.grove?.runtime !== undefined);
  const result = await page.evaluate(async () => {
    const api = window.grove?.runtime as {
      whenReady(): Promise<Snapshot>;
      setModelBaseUrl(url: string | null): Snapshot;
      load(): Promise<Snapshot>;
    };
    await api.whenReady();
    api.setModelBaseUrl('/textgen-models-not-present');
    return api.load();
  });
  expect(result.selection.mode).toBe('wasm');
  expect(result.choice.modelBaseUrl).toBe('/textgen-models-not-present/');
  expect(workers.some((url) => /textgen/.test(url))).toBe(true);
  expect(result.llm.status).toBe('failed');
  expect(result.llm.error?.name).toBe('ModelLoadError');
  expect(result.llm.error?.message).toContain(`Could not load ${result.selection.modelId}`);
  expect(result.llm.error?.message).toMatch(/web page instead of the model files/);
  expect(result.llm.error?.message).toMatch(/self-hosted model URL/);
});
