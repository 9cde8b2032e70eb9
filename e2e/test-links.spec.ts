/**
 * Acceptance (issue 23, item 1): a link cannot write into a user's real memory. After real use
 * of the app (no test mode: the bundled embedder, no model, extractive facts), every test URL,
 * each asking for the app's own database (`db=grove`), shows none of the real conversations or
 * memories, and what is done there (a message, a session remembered) leaves the real memory and
 * conversations exactly as they were.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';

const REAL_FACTS = ['I keep bees on the roof of my building.', 'My sister Ana lives in Lisbon.'];

const TEST_URLS = [
  '/?test=scripted&db=grove#chat',
  '/?test=scripted&engine=page&db=grove#chat',
  '/?test=memory&db=grove#chat',
  '/?test=anything&db=grove#chat',
];

const conversationItems = (page: Page) =>
  page.getByTestId('conversation-history').getByTestId('conversation-item');
const memoryRows = (page: Page) => page.getByRole('list', { name: 'Memories' }).getByTestId('fact');

async function openApp(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  await page.waitForFunction(() => window.grove?.app !== undefined);
  await page.waitForFunction(() => !window.grove!.app!.store.getState().profileLoading);
}

async function send(page: Page, text: string) {
  const replies = page.getByTestId('message-assistant');
  const before = await replies.count();
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.keyboard.press('Enter');
  await expect(replies.nth(before)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

async function endSession(page: Page) {
  await page.getByRole('button', { name: 'End session' }).click();
  const job = page.getByTestId('ingestion-job').last();
  await expect(job).toHaveAttribute('data-stage', 'done', { timeout: 90_000 });
}

/** Everything the open profile holds (its export: memory, sessions, conversations) and its list. */
async function realMemory(page: Page) {
  const exported = await page.evaluate(() => window.grove!.app!.exportProfile());
  return {
    exported,
    conversations: await conversationItems(page).allInnerTexts(),
    profile: await page.evaluate(() => window.grove!.app!.store.getState().activeProfileId),
  };
}

test('no test URL reads or changes the real memory and conversations', async ({ page }) => {
  test.setTimeout(360_000);
  await openApp(page, '/#chat');
  await expect(page.getByTestId('test-mode-banner')).toHaveCount(0);
  for (const fact of REAL_FACTS) await send(page, fact);
  await endSession(page);
  await expect(conversationItems(page)).toHaveCount(1);
  await expect(conversationItems(page).first()).toContainText('4 messages');
  const before = await realMemory(page);
  expect(before.exported).toContain('bees');
  expect(before.exported).toContain('Lisbon');

  for (const url of TEST_URLS) {
    await test.step(url, async () => {
      await openApp(page, url);
      await expect(page.getByTestId('test-mode-banner').first()).toBeVisible();
      // Something done here: a message (and in the scripted modes, a session remembered).
      await send(page, 'I keep goats in the garden and my brother lives in Porto.');
      if (url.includes('test=scripted')) await endSession(page);
      // The list is read (it shows the conversation just had), and none of the real ones.
      await expect(conversationItems(page).filter({ hasText: 'goats' }).first()).toBeVisible();
      await expect(conversationItems(page).filter({ hasText: 'bees' })).toHaveCount(0);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Memory' })
        .click();
      await expect(page.getByRole('heading', { name: /^Memories \(\d+\)$/ })).toBeVisible();
      for (const row of await memoryRows(page).allInnerTexts()) {
        expect(row).not.toContain('bees');
        expect(row).not.toContain('Lisbon');
      }
      const shown = await page.evaluate(() => window.grove!.app!.exportProfile());
      expect(shown ?? '').not.toContain('bees');
    });
  }

  await openApp(page, '/#chat');
  await expect(page.getByTestId('test-mode-banner')).toHaveCount(0);
  await expect(conversationItems(page)).toHaveCount(1);
  expect(await realMemory(page)).toEqual(before);
});
