/**
 * Acceptance (issue 5): in the labelled test mode (scripted LLM) with the bundled embedder, the
 * built-in example loads with one click, its tree builds with visible progress, a supportive
 * question runs, the TaciTree walk replays on the tree (node states change over time) and a
 * ground-truth session is among TaciTree's retrieved ones. Screenshots of the explorer and the
 * tree view are attached to the report.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const treeState = (page: Page) => page.evaluate(() => window.grove!.treeView!.state());
const nodeStates = (page: Page) => page.evaluate(() => window.grove!.treeView!.nodeStates());

test('built-in example: build with progress, run a supportive question, watch the walk', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/?test=scripted#explorer');
  const explorer = page.getByTestId('explorer');
  await expect(explorer).toBeVisible();
  await expect(explorer.getByTestId('explorer-mode')).toContainText('scripted LLM');

  await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
  const bar = explorer.getByRole('progressbar', { name: 'Tree build progress' });
  await expect(bar).toBeVisible();
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 180_000 });
  const progress = await page.evaluate(() => window.grove!.explorer!.buildProgress()!);
  expect(progress.done).toBe(true);
  expect(progress.history.some((p) => p > 0 && p < 100)).toBe(true);
  expect([...progress.history].sort((a, b) => a - b)).toEqual(progress.history);
  await expect(bar).toHaveAttribute('value', '100');

  // A supportive question, the LLM (scripted) judge, every baseline.
  const question = explorer.getByRole('combobox', { name: 'Question', exact: true });
  const supportive = await question
    .locator('option', { hasText: '[supportive]' })
    .first()
    .textContent();
  await question.selectOption({ label: supportive ?? '' });
  await expect(explorer.getByRole('combobox', { name: 'TaciTree judge' })).toHaveValue('llm');
  await explorer.getByRole('button', { name: 'Run TaciTree and baselines' }).click();
  const table = explorer.getByTestId('results-table');
  await expect(table).toBeVisible({ timeout: 60_000 });

  // The replay animates: node states sampled at two times differ.
  await page.evaluate(() => window.grove!.treeView!.setSpeed(1));
  await expect.poll(async () => (await treeState(page)).step).toBeGreaterThan(0);
  const first = await treeState(page);
  const firstStates = await nodeStates(page);
  await expect
    .poll(async () => (await treeState(page)).step, { timeout: 30_000 })
    .toBeGreaterThan(first.step + 3);
  const second = await treeState(page);
  expect(second.total).toBe(first.total);
  expect(await nodeStates(page)).not.toEqual(firstStates);
  expect(second.counts).not.toEqual(first.counts);

  // A ground-truth session is among TaciTree's retrieved sessions.
  const tacitree = table.locator('tr[data-method="tacitree-llm"]');
  await expect(tacitree.locator('.gold').first()).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(6);
  const run = await page.evaluate(() => window.grove!.explorer!.state().run!);
  const tree = run.rows[0];
  expect(tree?.retrievedSessions.some((s) => tree.goldSessions.includes(s))).toBe(true);
  expect(tree?.llmCalls).toBeLessThan(run.bruteForceCalls);

  // The walk finishes: selected facts glow, pruned subtrees fade.
  await page.evaluate(() => window.grove!.treeView!.setSpeed(64));
  await expect.poll(async () => (await treeState(page)).done, { timeout: 60_000 }).toBe(true);
  const end = await treeState(page);
  expect(end.counts.selected).toBeGreaterThan(0);
  expect((end.counts.pruned ?? 0) + (end.counts.faded ?? 0)).toBeGreaterThan(0);

  // Clicking a node opens its details (the outline is the keyboard path to the same panel).
  await page
    .getByRole('navigation', { name: 'Memory tree outline' })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('node-panel')).toBeVisible();
  await expect(page.getByTestId('node-panel')).toContainText('member fact');

  const treeShot = await page
    .getByTestId('tree-view')
    .screenshot({ path: screenshotPath(testInfo, 'explorer-tree-view.png') });
  await testInfo.attach('tree view', { body: treeShot, contentType: 'image/png' });
  const explorerShot = await explorer.screenshot({
    path: screenshotPath(testInfo, 'explorer.png'),
  });
  await testInfo.attach('explorer', { body: explorerShot, contentType: 'image/png' });
});

test('a hub parquet file opens from the file picker and builds', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test=scripted#explorer');
  const explorer = page.getByTestId('explorer');
  await explorer
    .getByLabel('Open a benchmark file')
    .setInputFiles('src/explorer-backend/fixtures/implexconv-hub-sample.parquet');
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 90_000 });
  await expect(explorer).toContainText('2 conversations');
  await expect(explorer.getByLabel('Conversation')).toBeVisible();
  await explorer.getByRole('button', { name: 'Run TaciTree and baselines' }).click();
  await expect(explorer.getByTestId('results-table')).toBeVisible({ timeout: 60_000 });
});

test('a file that is no benchmark is refused with a message naming it', async ({ page }) => {
  await page.goto('/?test=scripted#explorer');
  const explorer = page.getByTestId('explorer');
  await explorer.getByLabel('Open a benchmark file').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": "world"}'),
  });
  await expect(explorer.getByRole('alert')).toContainText('notes.json');
});

test('a JSON Lines file dropped on the loader builds', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test=scripted#explorer');
  const row = (q: string) =>
    JSON.stringify({
      conversation: {
        '0': 'Speaker1: I keep bees on the allotment.\nAssistant: Lovely!',
        '1': 'Speaker1: I fixed my bike chain.\nAssistant: Well done.',
      },
      question: q,
      retrieved_conv: [0],
    });
  const drop = await page.evaluateHandle(
    (text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.jsonl', { type: 'application/json' }));
      return data;
    },
    `${row('Does the user keep bees?')}\n${row('Does the user cycle?')}\n`,
  );
  await page.getByRole('region', { name: 'Load a benchmark example' }).dispatchEvent('drop', {
    dataTransfer: drop,
  });
  const explorer = page.getByTestId('explorer');
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 90_000 });
  await expect(explorer).toContainText('dropped.jsonl');
  await expect(explorer).toContainText('2 conversations');
});
