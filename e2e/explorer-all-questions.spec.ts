/**
 * Issue 22: the explorer runs every question of the built-in example at once, without an LLM (the
 * no-LLM walk and every baseline, bundled embedder), and shows each method's mean recall@5 and F1
 * beside the per-question table: the figures `grove eval --llm none` prints for the same file.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';

const TREE = 'tacitree-embedding';

async function runAll(page: Page): Promise<Locator> {
  await page.goto('/#explorer');
  const explorer = page.getByTestId('explorer');
  await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 180_000 });
  await expect(explorer.getByRole('combobox', { name: 'TaciTree judge' })).toHaveValue('hybrid');
  await explorer.getByTestId('run-all').click();
  const means = explorer.getByTestId('all-means');
  await expect(means).toContainText('Means over 6 of 6 questions', { timeout: 120_000 });
  return means;
}

async function meansOf(means: Locator): Promise<Map<string, { recall: number; f1: number }>> {
  const out = new Map<string, { recall: number; f1: number }>();
  for (const row of await means.locator('tbody tr').all()) {
    const method = (await row.getAttribute('data-method')) ?? '';
    const recall = Number(await row.locator('td.recall').textContent());
    const f1 = Number(await row.locator('td.f1').textContent());
    out.set(method, { recall, f1 });
  }
  return out;
}

test('built-in example: every question at once, each method with its means', async ({ page }) => {
  test.setTimeout(300_000);
  const means = await runAll(page);
  const rows = await meansOf(means);
  expect([...rows.keys()].sort()).toEqual(
    [TREE, 'bm25', 'collapsed-tree', 'flat-facts', 'flat-hybrid', 'rag-raw'].sort(),
  );
  await expect(page.getByTestId('all-questions').locator('tbody tr')).toHaveCount(6);
  const tree = rows.get(TREE);
  expect(tree).toBeDefined();
  // The walk ends its set where relevance falls off: its F1 is above the raw-session methods'.
  for (const baseline of ['bm25', 'rag-raw'])
    expect(tree!.f1).toBeGreaterThanOrEqual(rows.get(baseline)!.f1);
});

test('acceptance (issue 22): the tree row at least as high as every baseline', async ({ page }) => {
  test.setTimeout(300_000);
  const rows = await meansOf(await runAll(page));
  const tree = rows.get(TREE)!;
  for (const [method, m] of rows) {
    if (method === TREE) continue;
    expect(tree.recall, method).toBeGreaterThanOrEqual(m.recall);
    expect(tree.f1, method).toBeGreaterThanOrEqual(m.f1);
  }
});
