/**
 * Acceptance (issue 5, accessibility): an axe-core scan of Chat, Memory, Explorer and Settings
 * finds no serious or critical violations; the views are reachable by keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`),
    }));
}

test('no serious or critical axe violations on the main views', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  expect(await seriousViolations(page), 'chat, first run').toEqual([]);

  const reply = await app.send('I moved to Lisbon last spring.');
  await reply.getByTestId('memories-used').locator('summary').click();
  await app.endSession();
  await app.send('Where did I move?');
  await page.getByTestId('memories-used').last().locator('summary').click();
  expect(await seriousViolations(page), 'chat with replies').toEqual([]);

  for (const view of ['Memory', 'Explorer', 'Settings'] as const) {
    await app.goTo(view);
    expect(await seriousViolations(page), view).toEqual([]);
  }
  await page.screenshot({ path: screenshotPath(testInfo, 'app-settings.png'), fullPage: true });
  await app.goTo('Memory');
  await page.screenshot({ path: screenshotPath(testInfo, 'app-memory.png'), fullPage: true });
});

test('keyboard: skip link, navigation and the composer work without a mouse', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(app.nav('Chat')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(app.nav('Memory')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.nav('Memory')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: /^Memories/ })).toBeVisible();
  await app.goTo('Chat');
  await page.getByLabel('Message', { exact: true }).focus();
  await page.keyboard.type('I prefer tea over coffee.');
  await page.keyboard.press('Enter');
  await expect(app.replies.first()).toHaveAttribute('data-status', 'done');
});

test('usable at 1024 pixels wide: nothing overflows sideways', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 720 });
  const app = new AppPage(page);
  await app.open();
  for (const view of ['Chat', 'Memory', 'Explorer', 'Settings'] as const) {
    await app.goTo(view);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${view} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await app.goTo('Chat');
  await page.screenshot({ path: screenshotPath(testInfo, 'app-chat-1024.png') });
});
