import { expect, test } from './network-guard.ts';

test('the shell loads from the built app, cross-origin isolated, with no outside requests', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Grove' })).toBeVisible();
  // COOP/COEP from the preview server are what make threaded WASM possible for the models.
  await expect(page.getByTestId('isolation')).toContainText('on');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(errors).toEqual([]);
});
