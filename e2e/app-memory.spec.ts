/**
 * Issue 5, settings and memory inspector: search, edit, delete, pause and export go through the
 * memory worker; profiles keep separate memories; the tree and the inspector link both ways.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

test('the memory inspector searches, edits, deletes, pauses and exports', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send('I have a dog named Pixel.');
  await app.send('I am training for a marathon in October.');
  await app.endSession();

  await app.goTo('Memory');
  const facts = page.getByRole('list', { name: 'Memories' });
  await expect(facts.getByTestId('fact')).toHaveCount(2);

  await page.getByLabel('Search memories').fill('puppy');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'closest in meaning' })).toBeVisible();
  await expect(facts.getByTestId('fact').first()).toContainText('Pixel');
  await page.getByLabel('Search memories').fill('');

  await page.getByRole('button', { name: 'Edit memory: The user has a dog named Pixel.' }).click();
  await page.getByLabel('Memory text').fill('The user has a dog named Pixel, a beagle.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(facts).toContainText('The user has a dog named Pixel, a beagle.');
  expect((await app.tree()).facts).toContain('The user has a dog named Pixel, a beagle.');

  await page.getByRole('button', { name: /^Delete memory: The user is training/ }).click();
  await expect(facts.getByTestId('fact')).toHaveCount(1);
  expect((await app.tree()).facts).toHaveLength(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export memory' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('grove-default.json');

  await page.getByLabel('Pause memory').check();
  await app.goTo('Chat');
  await app.send('I moved to Bergen.');
  await page.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByTestId('ingestion-job').last()).toHaveAttribute('data-stage', 'paused');
  expect((await app.tree()).facts).toHaveLength(1);
});

test('each profile has its own memory', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send('I play the violin.');
  await app.endSession();

  await app.goTo('Settings');
  await page.getByLabel('New profile name').fill('Work');
  await page.getByRole('button', { name: 'Create and switch' }).click();
  await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue('work');
  await expect.poll(async () => (await app.tree()).facts).toEqual([]);
  await app.goTo('Memory');
  await expect(page.getByTestId('no-facts')).toBeVisible();

  await page.getByRole('combobox', { name: 'Profile' }).selectOption('default');
  await expect(page.getByRole('list', { name: 'Memories' })).toContainText('violin');
});

/** Enough first-person statements for a tree with summaries (more than 15 roots) and a search
 * that leaves some out (it shows the 20 closest). */
const LIFE = [
  'I have a dog named Pixel.',
  'I am training for a marathon in October.',
  'I live in a small flat in Bergen.',
  'I play the cello in an amateur orchestra.',
  'I work night shifts as a nurse.',
  'I am allergic to shellfish.',
  'I drive an old red Volvo.',
  'I grow tomatoes on my balcony.',
  'I speak Japanese fluently.',
  'I collect vinyl records from the seventies.',
  'I bake sourdough bread every weekend.',
  'I have two sisters in Madrid.',
  'I go bouldering every Thursday evening.',
  'I prefer green tea over coffee.',
  'I am saving money for a trip to Iceland.',
  'I read detective novels before sleeping.',
  'I volunteer at the animal shelter on Sundays.',
  'I broke my wrist skiing last winter.',
  'I knit woollen scarves for my nephews.',
  'I support the Brann football club.',
  'I meditate for ten minutes each morning.',
  'I repair antique clocks as a hobby.',
];

const treeState = (page: Page) => page.evaluate(() => window.grove!.treeView!.state());
const drawnAt = (page: Page, id: string) =>
  page.evaluate((node) => window.grove!.treeView!.position(node), id);

test('the tree and the inspector link both ways', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open();
  await app.send(LIFE.join(' '));
  await app.endSession();
  const { facts: allFacts, levels } = await app.tree();
  expect(allFacts.length).toBeGreaterThan(20);
  expect(levels.length).toBeGreaterThan(1);

  await app.goTo('Memory');
  const inspector = page.getByRole('list', { name: 'Memories' });
  const panel = page.getByTestId('node-panel');
  const canvas = page.getByTestId('tree-canvas');
  const outline = page.getByRole('navigation', { name: 'Memory tree outline' });

  // Inspector → tree: a fact under a collapsed summary is expanded to, centred, selected, and
  // the node panel takes the focus.
  await outline.getByRole('button').first().click();
  const hidden = (await panel
    .locator('.member-facts > li > span:first-child')
    .first()
    .textContent())!;
  await panel.getByRole('button', { name: /Collapse subtree/ }).click();
  const collapsedNodes = (await treeState(page)).nodes;
  await inspector.getByRole('button', { name: `Show in tree: ${hidden}` }).click();
  await expect(panel).toBeFocused();
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(/^Fact/);
  await expect(panel.locator('.node-text')).toHaveText(hidden);
  const leaf = (await panel.getAttribute('data-node-id'))!;
  await expect.poll(async () => (await treeState(page)).nodes).toBeGreaterThan(collapsedNodes);
  expect((await treeState(page)).selected).toBe(leaf);
  const box = (await canvas.boundingBox())!;
  const at = (await drawnAt(page, leaf))!;
  expect(Math.abs(at.x - box.width / 2)).toBeLessThan(2);
  expect(Math.abs(at.y - box.height / 2)).toBeLessThan(2);
  await expect(inspector.locator('[aria-current="true"]')).toHaveText(new RegExp(hidden));
  await page.screenshot({
    path: screenshotPath(testInfo, 'memory-link-show-in-tree.png'),
    fullPage: true,
  });

  // Tree → inspector, from the leaf: the row is scrolled to, highlighted and focused; Tab
  // reaches the conversation it came from, then its Edit button.
  await panel.getByRole('button', { name: `Open in inspector: ${hidden}` }).click();
  const row = inspector.getByTestId('fact').filter({ hasText: hidden });
  await expect(row).toBeFocused();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(row.getByTestId('fact-provenance').getByRole('link')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: `Edit memory: ${hidden}` })).toBeFocused();

  // From a summary's fact list: another fact becomes the linked one.
  await outline.getByRole('button').last().click();
  const member = panel.locator('.member-facts > li').last();
  const memberText = (await member.locator('span:first-child').textContent())!;
  await member.getByRole('button', { name: `Open in inspector: ${memberText}` }).click();
  const memberRow = inspector.getByTestId('fact').filter({ hasText: memberText });
  await expect(memberRow).toBeFocused();
  await expect(inspector.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(memberRow).toHaveAttribute('aria-current', 'true');

  // A search that leaves the fact out is cleared, so the row can be shown.
  await page.getByLabel('Search memories').fill('cello');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(inspector.getByTestId('fact')).toHaveCount(20);
  const listed = await inspector.locator('.fact-text').allTextContents();
  const left = allFacts.find((f) => !listed.some((text) => text.startsWith(f)))!;
  const treeSearch = page.getByRole('searchbox', { name: 'Search memory' });
  await treeSearch.fill(left);
  await treeSearch.press('Enter');
  await expect(panel.locator('.node-text')).toHaveText(left);
  await panel.getByRole('button', { name: `Open in inspector: ${left}` }).click();
  const leftRow = inspector.getByTestId('fact').filter({ hasText: left });
  await expect(leftRow).toBeFocused();
  await expect(leftRow).toBeInViewport();
  await expect(page.getByLabel('Search memories')).toHaveValue('');
  await expect(inspector.getByTestId('fact')).toHaveCount(allFacts.length);
  await page.screenshot({
    path: screenshotPath(testInfo, 'memory-link-open-in-inspector.png'),
    fullPage: true,
  });

  const axe = await new AxeBuilder({ page })
    .include('.memory-view')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
