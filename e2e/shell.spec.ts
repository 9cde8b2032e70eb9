import { expect, test } from './network-guard.ts';

test('the shell loads from the built app, cross-origin isolated, with no outside requests', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  // The app opens on Chat, with navigation to every view and first-run guidance.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Chat', 'Memory', 'Explorer', 'Settings'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('first-run')).toContainText('No model loaded');
  await expect(page.getByTestId('mode-badge')).toBeVisible();
  // COOP/COEP from the preview server are what make threaded WASM possible for the models.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('isolation')).toContainText('on');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(errors).toEqual([]);
});
