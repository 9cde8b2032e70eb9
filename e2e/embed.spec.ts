/**
 * Acceptance (issue 3): the embed worker runs the bundled model on WASM and on the (SwiftShader)
 * WebGPU adapter with matching results, with no request outside the app's origin.
 *
 * On WebGPU, ORT places the float nodes (scale Gather, Unsqueeze, Mul) on the GPU and the int8
 * row Gather + Cast on the CPU: WebGPU's execution provider has no 8-bit kernels for them.
 */
import { expect, test } from './network-guard.ts';

const TEXTS = [
  'I am terrified of flying on airplanes.',
  'Air travel makes me very nervous and scared.',
  'We painted the garden fence green.',
  "My daughter can't wait for her first piano lesson!",
  'zzqxv 12345',
];

const cosine = (a: number[], b: number[]) => {
  let d = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    d += x * (b[i] ?? 0);
    na += x * x;
    nb += (b[i] ?? 0) ** 2;
  });
  return d / Math.sqrt(na * nb);
};

test.describe('embed worker', () => {
  /** Same-origin responses that failed (the runtime and model files must all be served). */
  let failed: string[];

  test.beforeEach(async ({ page }) => {
    failed = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Grove' })).toBeVisible();
    await page.waitForFunction(() => window.grove?.embed !== undefined);
  });

  test('bundled model on WASM and on WebGPU gives the same vectors', async ({ page }) => {
    test.setTimeout(120_000);
    const run = (device: 'wasm' | 'webgpu') =>
      page.evaluate(
        async ([texts, d]) => {
          const api = window.grove!.embed!;
          return api.run(texts, { device: d });
        },
        [TEXTS, device] as const,
      );
    const wasm = await run('wasm');
    const webgpu = await run('webgpu');
    expect(wasm.device).toBe('wasm');
    expect(webgpu.device).toBe('webgpu');
    expect(wasm.dimension).toBe(100);
    expect(webgpu.dimension).toBe(100);
    // Opening the profile warms the bundled model on WASM (in the worker of ORT's CPU-only build),
    // so the WASM run may be served by that load (no progress of its own); WebGPU loads here, in
    // a worker of the WebGPU build.
    const loadedHere = [wasm, webgpu].filter((result) => result.progress.length > 0);
    expect(loadedHere.length).toBeGreaterThan(0);
    for (const result of loadedHere) {
      expect(result.progress[0]?.status).toBe('initiate');
      expect(result.progress.at(-1)).toMatchObject({ status: 'done', progress: 100 });
    }
    for (const result of [wasm, webgpu]) {
      expect(result.vectors).toHaveLength(TEXTS.length);
      for (const v of result.vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
    TEXTS.forEach((_, i) => {
      expect(cosine(wasm.vectors[i]!, webgpu.vectors[i]!)).toBeGreaterThanOrEqual(0.999);
    });
    // Meaning survives the trip through the worker: the paraphrase is nearer than the fence.
    const [a, p, u] = wasm.vectors;
    expect(cosine(a!, p!)).toBeGreaterThan(cosine(a!, u!));
    expect(failed).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('embed-page.png') });
  });

  test('auto picks the WebGPU adapter when the browser offers one', async ({ page }) => {
    const result = await page.evaluate(async () => {
      const api = window.grove!.embed!;
      return api.run(['hello world']);
    });
    expect(result.device).toBe('webgpu');
    expect(result.fallbackReason).toBeNull();
    expect(failed).toEqual([]);
  });

  test('the self-hosted model base URL setting is where models are loaded from', async ({
    page,
  }) => {
    const outcomes = await page.evaluate(async () => {
      const api = window.grove!.embed!;
      return Promise.all([
        api.tryRun(['hello'], { device: 'wasm', modelBaseUrl: `${location.origin}/models` }),
        api.tryRun(['hello'], { device: 'wasm', modelBaseUrl: '/no-models-here/' }),
      ]);
    });
    expect(outcomes[0]?.error).toBeUndefined();
    expect(outcomes[0]?.result?.dimension).toBe(100);
    expect(outcomes[1]?.error?.name).toBe('EmbedderModelMissingError');
    expect(outcomes[1]?.error?.message).toContain('/no-models-here/');
  });

  test('a missing model folder is reported by name across the worker', async ({ page }) => {
    const outcome = await page.evaluate(async () => {
      const api = window.grove!.embed!;
      return api.tryRun(['hello'], { device: 'wasm', modelId: 'grove/no-such-model' });
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error?.name).toBe('EmbedderModelMissingError');
    expect(outcome.error?.message).toContain('grove/no-such-model');
  });
});
