/**
 * The tree view and explorer outside test mode: no LLM loaded means the no-LLM mode (extractive
 * facts, hybrid judge: embedding + keywords), said on screen; the canvas is driven by keyboard, search highlights,
 * the side panel collapses a subtree; axe finds no serious or critical violation in the explorer.
 * Summaries carry keyword labels ("kw · kw · kw — \"central fact…\""), in the outline and the
 * panel; a screenshot of the tree view is kept for review.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const viewState = (page: Page) => page.evaluate(() => window.grove!.treeView!.state());

test('no-LLM mode: build, hybrid judge, keyword labels, keyboard zoom, search, collapse, axe', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/#explorer');
  const explorer = page.getByTestId('explorer');
  await expect(explorer.getByTestId('explorer-mode')).toContainText('No LLM loaded');
  await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
  await expect(explorer.getByTestId('build-summary')).toContainText('none: extractive facts', {
    timeout: 150_000,
  });
  await expect(explorer.getByRole('combobox', { name: 'TaciTree judge' })).toHaveValue('hybrid');
  await explorer.getByRole('button', { name: 'Run TaciTree and baselines' }).click();
  await expect(explorer.locator('tr[data-method="tacitree-embedding"]')).toBeVisible({
    timeout: 60_000,
  });
  await expect(explorer.getByTestId('results-table')).not.toContainText('Answer');

  // Every summary in the outline has a keyword label: keywords, then the central fact quoted.
  const outline = page.getByRole('navigation', { name: 'Memory tree outline' });
  const labels = await outline.getByRole('button').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/^L\d · \p{L}[^"]* · [^"]+ — ".+"/u);
  const shot = await page
    .getByTestId('tree-view')
    .screenshot({ path: screenshotPath(testInfo, 'explorer-tree-labels.png') });
  await testInfo.attach('tree view, keyword labels', { body: shot, contentType: 'image/png' });

  // Keyboard: + zooms in, arrows pan, 0 fits again.
  const canvas = page.getByRole('img', { name: /Memory forest/ });
  await canvas.focus();
  const before = (await viewState(page)).transform;
  await page.keyboard.press('+');
  await expect
    .poll(async () => (await viewState(page)).transform?.k)
    .toBeGreaterThan(before?.k ?? 0);
  const zoomed = (await viewState(page)).transform;
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(async () => (await viewState(page)).transform?.x)
    .toBeGreaterThan(zoomed?.x ?? 0);
  await page.keyboard.press('0');
  await expect
    .poll(async () => (await viewState(page)).transform?.k)
    .toBeCloseTo(before?.k ?? 0, 3);

  // Search highlights matching nodes.
  await page.getByRole('searchbox', { name: 'Search memory' }).fill('sourdough');
  await expect.poll(async () => (await viewState(page)).matches).toBeGreaterThan(0);

  // The outline opens a summary's panel; collapsing hides its subtree from the canvas.
  const shown = (await viewState(page)).nodes;
  await outline.getByRole('button').first().click();
  await expect(page.getByTestId('node-panel')).toContainText(' · ');
  await page.getByRole('button', { name: /Collapse subtree/ }).click();
  await expect.poll(async () => (await viewState(page)).nodes).toBeLessThan(shown);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect.poll(async () => (await viewState(page)).nodes).toBe(shown);

  const axe = await new AxeBuilder({ page })
    .include('[data-testid="explorer"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
