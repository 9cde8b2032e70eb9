/**
 * Acceptance (issue 3): on SwiftShader WebGPU (`--enable-unsafe-webgpu`, no shader-f16) the probe
 * says so and the app selects an f32 variant; the real web-llm worker path runs up to the weights
 * fetch against a same-origin self-hosted URL; nothing leaves the app's origin.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

interface Snapshot {
  status: string;
  choice: { llm: { kind: string }; modelBaseUrl: string | null };
  probe: {
    webgpu: {
      available: boolean;
      shaderF16?: boolean;
      software?: boolean;
      adapter?: { architecture: string };
    };
  };
  selection: {
    mode: string;
    modelId?: string;
    precision?: string;
    label: string;
    cost: { leavesDevice: boolean };
  };
  llm: { status: string; error?: { name: string; message: string } };
}

type RuntimeApi = {
  whenReady(): Promise<Snapshot>;
  choose(llm: unknown): Snapshot;
  setModelBaseUrl(url: string | null): Snapshot;
  load(): Promise<Snapshot>;
};

const ready = (page: Page) =>
  page.evaluate(() => (window.grove?.runtime as RuntimeApi).whenReady());

test.describe('LLM runtime on SwiftShader WebGPU', () => {
  test.beforeEach(async ({ page }) => {
    // The model picker and status live in Settings (the app opens on Chat).
    await page.goto('/#settings');
    await expect(page.getByRole('heading', { name: 'Grove' })).toBeVisible();
    await page.waitForFunction(() => window.grove?.runtime !== undefined);
  });

  test('the probe finds no shader-f16 and the app selects an f32 variant', async ({
    page,
  }, testInfo) => {
    const snapshot = await ready(page);
    expect(snapshot.probe.webgpu).toMatchObject({
      available: true,
      shaderF16: false,
      software: true,
    });
    expect(snapshot.probe.webgpu.adapter?.architecture).toBe('swiftshader');
    expect(snapshot.selection).toMatchObject({ mode: 'webgpu', precision: 'f32' });
    expect(snapshot.selection.modelId).toMatch(/-q4f32_1-MLC$/);
    expect(snapshot.selection.cost.leavesDevice).toBe(false);

    await expect(page.getByTestId('webgpu')).toContainText('available');
    await expect(page.getByTestId('webgpu')).toContainText('no shader-f16');
    await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'webgpu');
    await expect(page.getByTestId('llm-label')).toContainText('(f32, WebGPU)');
    await expect(page.getByTestId('llm-cost')).toContainText('one-time download');
    await expect(page.getByTestId('llm-guidance')).toContainText('software renderer');
    // Automatic recommends the smallest model there, not a large download (issue 23).
    await expect(page.getByTestId('llm-label')).toContainText('SmolLM2 360M Instruct');
    await expect(page.getByTestId('llm-guidance')).toContainText('Automatic picks the smallest');
    await page.screenshot({ path: screenshotPath(testInfo, 'shell-webgpu.png'), fullPage: true });
  });

  test('the choice persists across reloads', async ({ page }) => {
    await ready(page);
    await page.getByRole('combobox', { name: /^Model/ }).selectOption('webllm:llama-3.2-1b');
    await expect(page.getByTestId('llm-label')).toContainText(
      'Llama 3.2 1B Instruct (f32, WebGPU)',
    );
    await page.reload();
    await expect(page.getByTestId('llm-label')).toContainText(
      'Llama 3.2 1B Instruct (f32, WebGPU)',
    );
    await page.getByRole('combobox', { name: /^Model/ }).selectOption('none');
    await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'none');
    await expect(page.getByTestId('llm-cost')).toContainText('No download');
  });

  test('an OpenAI-compatible server is opt-in and marked as leaving the device', async ({
    page,
  }) => {
    await ready(page);
    await page.getByText('Use an OpenAI-compatible server instead').click();
    await page.getByLabel('Base URL').fill('http://127.0.0.1:8080');
    await page.getByLabel('Model', { exact: true }).last().fill('llama-3.1-8b');
    await page.getByRole('button', { name: 'Use this server' }).click();
    await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'remote');
    await expect(page.getByText('Server · leaves this device')).toBeVisible();
    await expect(page.getByTestId('llm-cost')).toContainText('they leave this device');
    // Choosing it sends nothing (the network guard checks no request left). The page's CSP was
    // set at load, so it offers a reload before "Connect" (e2e/security.spec.ts connects).
    await expect(page.getByTestId('csp-reload')).toContainText('http://127.0.0.1:8080');
    await page.getByRole('button', { name: 'Reload now' }).click();
    await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'remote');
    await expect(page.getByTestId('csp-reload')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
  });

  test('loading runs the real web-llm worker against a self-hosted URL and maps the failure', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await ready(page);
    const result = await page.evaluate(async (base) => {
      const api = window.grove?.runtime as RuntimeApi;
      api.setModelBaseUrl(`${base}/self-hosted-models-not-present/`);
      return api.load();
    }, baseURL);
    // No MLC weights exist here: the worker starts, web-llm fetches the model config from the
    // same-origin URL (never a public host), fails, and the app reports an actionable error.
    expect(result.llm.status).toBe('failed');
    expect(result.llm.error?.name).toBe('ModelLoadError');
    expect(result.llm.error?.message).toMatch(/web page instead of the model files/);
    expect(result.llm.error?.message).toMatch(/self-hosted model URL/);
    await expect(page.getByTestId('llm-load')).toHaveAttribute('data-status', 'failed');
    // Cache management sees nothing downloaded (web-llm's hasModelInCache, in this browser).
    const cached = await page.evaluate(() =>
      (window.grove?.modelCache as { list(): Promise<unknown[]> }).list(),
    );
    expect(cached).toEqual([]);
    await expect(page.getByRole('alert')).toContainText('Could not load');
  });
});
