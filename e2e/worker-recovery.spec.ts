/**
 * Acceptance (issue 14, one worker boundary): a worker that stops is named, replaced and usable
 * again. The memory worker is killed (through the test API) in the middle of a retrieval: the
 * chat names the error within a second, says the worker was restarted, and the next message
 * works; a restarted worker borrows the page's engine again and finishes the session the stopped
 * one was remembering. An explorer build is cancelled in its worker, and the next build succeeds.
 */
import type { Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

test('memory worker killed mid-retrieval: named error, restart, the next message works', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await page.goto('/?test=scripted&db=grove-e2e-recovery#chat');
  await app.ready();
  // A memory to walk: the retrieval streams traversal events while it runs.
  await app.send('I live in Oslo and I love hiking in the mountains.');
  await app.send('I have a dog named Pixel and I bake sourdough bread on Sundays.');
  await app.endSession();

  const killed = page.evaluate(() => window.grove!.app!.killMemoryWorkerDuringRetrieval());
  await page.getByLabel('Message', { exact: true }).fill('Which city do I live in?');
  await page.keyboard.press('Enter');
  await killed;
  // Within a second of the kill, the reply says which error stopped its memory search.
  const reply = app.replies.last();
  await expect(reply.getByTestId('memories-error')).toContainText('WorkerCrashedError', {
    timeout: 1_000,
  });
  await expect(reply.getByTestId('memories-error')).toContainText('The memory worker stopped');
  const notice = page.getByTestId('worker-notice');
  await expect(notice).toHaveAttribute('data-error', 'WorkerCrashedError');
  await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  // A fresh worker is started and set up again (its embedder loads, the profile reopens).
  await expect(notice).toHaveAttribute('data-restarted', 'true', { timeout: 60_000 });
  await expect(notice).toContainText('Grove restarted it');
  await page.screenshot({ path: screenshotPath(testInfo, 'worker-recovery-notice.png') });

  const next = await app.send('Which city do I live in?');
  await expect(next.getByTestId('memories-error')).toHaveCount(0);
  await expect(next.getByTestId('memories-used')).toContainText('Memories used');
  await expect(next).toContainText('Oslo');
});

test('explorer: a cancelled build stops in its worker, and the next build succeeds', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/?test=scripted#explorer');
  const explorer = page.getByTestId('explorer');
  await expect(explorer.getByTestId('explorer-mode')).toContainText('scripted LLM');
  await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
  await expect(explorer.getByRole('progressbar', { name: 'Tree build progress' })).toBeVisible({
    timeout: 60_000,
  });
  await explorer.getByRole('button', { name: 'Cancel build' }).click();
  await expect(explorer.getByTestId('build-again')).toContainText('Build cancelled');
  await expect(explorer.getByTestId('build-summary')).toHaveCount(0);
  await expect(explorer.getByRole('alert')).toHaveCount(0);

  await explorer.getByRole('button', { name: 'Build tree' }).click();
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 240_000 });
  await expect(explorer.getByTestId('build-summary')).toContainText('facts from');
});

test('a restarted memory worker borrows the page’s engine again', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await page.goto(
    '/?test=scripted&engine=page&callMs=20&tokenMs=1&db=grove-e2e-recovery-lend#chat',
  );
  await app.ready();
  const status = () => page.evaluate(() => window.grove!.app!.status());
  await expect.poll(async () => (await status()).llm).toContain('one engine');
  await page.evaluate(() => window.grove!.app!.killMemoryWorker());
  const notice = page.getByTestId('worker-notice');
  await expect(notice).toHaveAttribute('data-error', 'WorkerCrashedError');
  await expect(notice).toHaveAttribute('data-restarted', 'true', { timeout: 60_000 });
  expect((await status()).llm).toContain('one engine');
  // Its background work runs on the page's engine again: a session is remembered through it.
  await app.send('I have a dog named Pixel and I bake sourdough bread on Sundays.');
  const job = await app.endSession();
  await expect(job).toContainText('Memories added');
  const log = await page.evaluate(() => window.grove!.app!.engineLog());
  expect(log.some((call) => call.purpose === 'extract-facts')).toBe(true);
});

test('a session being remembered when the memory worker stops is finished by the restarted one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  // Each ingestion waits 2 s in its extracting stage: time to stop the worker in the middle.
  await page.goto('/?test=scripted&delay=2000&db=grove-e2e-recovery-ingest#chat');
  await app.ready();
  await app.send('I have a dog named Pixel and I bake sourdough bread on Sundays.');
  await page.getByRole('button', { name: 'End session' }).click();
  const job = page.getByTestId('ingestion-job').last();
  await expect(job).toHaveAttribute('data-stage', 'extracting', { timeout: 30_000 });
  await page.evaluate(() => window.grove!.app!.killMemoryWorker());
  await expect(job).toHaveAttribute('data-stage', 'failed');
  await expect(job).toContainText('The memory worker stopped');
  // The restarted worker finds the session pending, and remembers it.
  await expect(job).toHaveAttribute('data-stage', 'done', { timeout: 60_000 });
  await expect(job).toContainText('Memories added');
  expect((await app.tree()).facts.some((f) => f.includes('Pixel'))).toBe(true);
});

interface ModelRuntimeApi {
  whenReady(): Promise<unknown>;
  choose(llm: { kind: 'wasm'; model: string }): unknown;
  load(): Promise<{ llm: { status: string } }>;
  killLlmWorker(): boolean;
}

/** Chooses a WASM model and loads it (test mode llm=worker: in the test worker). */
async function loadWasmModel(page: Page, model: string): Promise<string> {
  return page.evaluate(async (model) => {
    const api = window.grove?.runtime as ModelRuntimeApi;
    await api.whenReady();
    api.choose({ kind: 'wasm', model });
    return (await api.load()).llm.status;
  }, model);
}

test('model worker killed mid-reply: a named error under it, a restart, the next reply works; switching models leaves one model worker alive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const started: string[] = [];
  let alive = 0;
  page.on('worker', (worker) => {
    if (!/textgen-test/.test(worker.url())) return;
    started.push(worker.url());
    alive++;
    worker.on('close', () => alive--);
  });
  const app = new AppPage(page);
  await page.goto('/?test=scripted&llm=worker&db=grove-e2e-recovery-model#chat');
  await app.ready();
  // The app's own runtime loads the model, in its worker.
  expect(await loadWasmModel(page, 'HuggingFaceTB/SmolLM2-135M-Instruct')).toBe('ready');
  // This message streams until the model's worker stops.
  await page.getByLabel('Message', { exact: true }).fill('Tell me a story, forever.');
  await page.keyboard.press('Enter');
  const reply = app.replies.last();
  await expect(reply.getByTestId('message-body')).toContainText('tok tok', { timeout: 30_000 });
  expect(
    await page.evaluate(() => (window.grove?.runtime as ModelRuntimeApi).killLlmWorker()),
  ).toBe(true);
  await expect(reply).toHaveAttribute('data-status', 'failed');
  await expect(reply).toContainText(
    'The model could not answer: WorkerCrashedError: The text-generation worker stopped (killed by the test API).',
  );
  const notice = page.getByTestId('worker-notice');
  await expect(notice).toHaveAttribute('data-error', 'WorkerCrashedError');
  await expect(notice).toHaveAttribute('data-restarted', 'true', { timeout: 30_000 });
  await expect(notice).toContainText('Grove restarted it');

  const next = await app.send('Are you back?');
  await expect(next.getByTestId('message-body')).toContainText(
    'The model worker answered this message.',
  );
  expect(started).toHaveLength(2);
  await expect.poll(() => alive).toBe(1);

  // Another model: the old one is unloaded and its worker ended; one model worker is alive.
  expect(await loadWasmModel(page, 'HuggingFaceTB/SmolLM2-360M-Instruct')).toBe('ready');
  expect(started).toHaveLength(3);
  await expect.poll(() => alive).toBe(1);
  const last = await app.send('And the new model?');
  await expect(last.getByTestId('message-body')).toContainText(
    'The model worker answered this message.',
  );
});
