/**
 * A session's keyword labels follow its insert: the memory worker commits the facts first and
 * writes the changed summaries' labels in the background a moment later. The Memory view then
 * shows the new labels without moving the view the user has panned (the same nodes at the same
 * points: no re-fit).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { NoModelAppPage } from './no-model-page.ts';
import { newSessionTexts } from './heavy-user-sessions.ts';

const session = (n: number) => ({
  id: `labels-${n}`,
  time: `2026-01-${String(2 + n).padStart(2, '0')}T19:00:00.000Z`,
  turns: newSessionTexts(n).map((text, i) => ({
    id: `labels-${n}:t${i}`,
    speaker: 'user' as const,
    text,
  })),
});

const counts = (page: Page) => page.evaluate(() => window.grove!.app!.memory.counts());
const transform = (page: Page) =>
  page.evaluate(
    () =>
      (
        window.grove?.treeView as {
          state(): { transform: { k: number; x: number; y: number } | null };
        }
      ).state().transform,
  );
/** The summaries' texts the page holds, in order. */
const summaryTexts = (page: Page) =>
  page.evaluate(() =>
    [...(window.grove!.app!.store.getState().tree?.nodes.values() ?? [])]
      .filter((n) => n.level > 0)
      .map((n) => n.text)
      .join('\n'),
  );

test('labels land after a session without moving the memory tree the user is looking at', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new NoModelAppPage(page);
  await app.open('#memory');
  await expect
    .poll(() =>
      counts(page).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
  // A memory of five sessions, built in full (every label written).
  await page.evaluate(
    async (sessions) => {
      const memory = window.grove!.app!.memory;
      for (const s of sessions) await memory.ingest(s, 'default');
      await memory.rebuild();
    },
    Array.from({ length: 5 }, (_, n) => session(n)),
  );
  await expect.poll(async () => (await counts(page)).unlabelled).toBe(0);
  const built = await counts(page);
  expect(built.levels.length).toBeGreaterThan(1);
  await expect
    .poll(() => page.evaluate(() => window.grove!.app!.store.getState().tree?.facts.size ?? 0))
    .toBe(built.facts);

  // One more session: its facts are in at once, its summaries' labels still to be written.
  const ingested = await page.evaluate(async (s) => {
    const memory = window.grove!.app!.memory;
    await memory.ingest(s, 'default');
    return memory.counts();
  }, session(9));
  expect(ingested.facts).toBeGreaterThan(built.facts);
  expect(ingested.unlabelled).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => window.grove!.app!.store.getState().tree?.facts.size ?? 0))
    .toBe(ingested.facts);
  const unlabelledTexts = await summaryTexts(page);

  // The user pans the tree; then the labels land.
  await page.evaluate(() =>
    (window.grove!.treeView as { panBy(dx: number, dy: number): void }).panBy(60, 40),
  );
  const panned = await transform(page);
  expect(panned).not.toBeNull();
  await expect.poll(async () => (await counts(page)).unlabelled).toBe(0);
  await expect.poll(() => summaryTexts(page)).not.toBe(unlabelledTexts);
  const labelled = await counts(page);
  expect(labelled.treeVersion).toBe(ingested.treeVersion); // labels only: no rebuild meanwhile
  expect(await transform(page)).toEqual(panned);
});
