/**
 * Acceptance (issue 3): with WebGPU disabled the app falls back and says so on screen. Chromium
 * without --enable-unsafe-webgpu here exposes navigator.gpu but grants no adapter (measured;
 * --disable-webgpu alone changes nothing), so this file launches Chromium without that flag.
 */
import { noWebGpuLaunch } from './chromium.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

test.use({ launchOptions: noWebGpuLaunch });

test('without WebGPU the app falls back to the WASM model and says how to enable WebGPU', async ({
  page,
}, testInfo) => {
  // The model picker and status live in Settings (the app opens on Chat).
  await page.goto('/#settings');
  await expect(page.getByRole('heading', { name: 'Grove' })).toBeVisible();
  await page.waitForFunction(() => window.grove?.runtime !== undefined);
  const snapshot = await page.evaluate(() =>
    (
      window.grove?.runtime as {
        whenReady(): Promise<{ probe: { webgpu: object }; selection: { mode: string } }>;
      }
    ).whenReady(),
  );
  expect(snapshot.probe.webgpu).toMatchObject({ available: false, reason: 'no-adapter' });
  expect(snapshot.selection).toMatchObject({ mode: 'wasm' });

  await expect(page.getByTestId('webgpu')).toContainText('not available');
  await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'wasm');
  await expect(page.getByTestId('llm-reason')).toContainText('WebGPU is unavailable');
  await expect(page.getByText('On device · WASM (slower)')).toBeVisible();
  await expect(page.getByTestId('llm-cost')).toContainText('slow');
  await expect(page.getByTestId('llm-guidance')).toContainText('--enable-unsafe-webgpu');
  // The memory efforts' cost is estimated for this device's CPU, beside the GPU profiles.
  await expect(page.getByRole('group', { name: 'Memory effort' })).toContainText(
    /1 LLM call a search: ≈ [\d.]+ s on this device’s CPU \(WASM, estimated\), ≈ [\d.]+ s on a fast GPU/,
  );
  await page.screenshot({ path: screenshotPath(testInfo, 'shell-no-webgpu.png'), fullPage: true });

  // Choosing no LLM is always possible and costs nothing.
  await page.getByRole('combobox', { name: /^Model/ }).selectOption('none');
  await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'none');
});
