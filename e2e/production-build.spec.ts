/**
 * Acceptance (issue 23, item 1): the build `npm start` serves (`vite build`, dist/) carries no
 * test mode and no `window.grove`: every test URL opens the plain app, with no test banner, and
 * no page script reaches the whole memory through an automation API. e2e serves that build beside
 * the test build (playwright.config.ts, e2e/servers.ts).
 */
import { expect, test } from './network-guard.ts';
import { productionURL } from './servers.ts';

test.use({ baseURL: productionURL });

const URLS = [
  '/#chat',
  '/?test=scripted&db=grove#chat',
  '/?test=scripted&engine=page&callMs=1#chat',
  '/?test=memory&db=e2e-store#chat',
  '/?test=scripted#explorer',
  '/?view=tree-bench',
];

test('the production build has no test mode and no window.grove, whatever the URL', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const url of URLS) {
    await test.step(url, async () => {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
      // The memory worker answered: the app is fully started (the status line names its embedder).
      await expect(page.getByRole('heading', { name: 'Tree view benchmark' })).toHaveCount(0);
      await expect(page.getByTestId('test-mode-banner')).toHaveCount(0);
      expect(await page.evaluate(() => typeof window.grove)).toBe('undefined');
      await expect(page.locator('body')).not.toContainText(/scripted|test mode/i);
    });
  }
});
