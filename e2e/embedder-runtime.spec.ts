/**
 * Acceptance (issue 14): one embedder runtime per tab. A fresh tab with no LLM that answers from
 * memory and then builds the Explorer's example fetches the ONNX runtime's wasm once, and runs
 * one embed worker for the page, the memory worker and the explorer worker. When that embed
 * worker stops, the next message is answered from memory again by a fresh one.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';

const ORT_WASM = /\/ort-wasm[^/]*\.wasm$/;

async function send(page: Page, text: string) {
  const replies = page.getByTestId('message-assistant');
  const before = await replies.count();
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.keyboard.press('Enter');
  await expect(replies.nth(before)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

const embedder = (page: Page) =>
  page.evaluate(async () => {
    const api = window.grove!.app!;
    return (await api.status()).embedder;
  });

const embedWorkersStarted = (page: Page) =>
  page.evaluate(() => window.grove!.app!.embedWorkersStarted());

test('a fresh tab loads the ORT wasm once for the chat, its memory and the explorer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const ortWasm: string[] = [];
  page.on('request', (request) => {
    if (ORT_WASM.test(new URL(request.url()).pathname)) ortWasm.push(request.url());
  });
  await page.goto('/#chat');
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();

  await send(page, 'Do I have any pets?');
  expect(await embedder(page)).toContain('GloVe');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explorer' })
    .click();
  const explorer = page.getByTestId('explorer');
  await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 120_000 });
  await expect(explorer.getByTestId('build-summary')).toContainText('GloVe');

  expect(ortWasm, 'ORT wasm requests from the page and its workers').toHaveLength(1);
  expect(await embedWorkersStarted(page)).toBe(1);
});

test('when the embed worker stops, the next memory reply runs on a fresh one', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/#chat');
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  await send(page, 'Do I have any pets?');
  await page.evaluate(() => window.grove!.app!.killEmbedWorker());
  await send(page, 'What do I like to eat?');
  const second = page.getByTestId('message-assistant').nth(1);
  await expect(second.getByTestId('memories-error')).toHaveCount(0);
  expect(await embedWorkersStarted(page)).toBe(2);
});
