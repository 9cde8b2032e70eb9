/**
 * Conversation history: two conversations are listed beside the chat, newest first, and stay
 * after a reload; opening the first brings back its messages, memories used and topic forest,
 * and it goes on (in a new session, routed through the restored forest); deleting the second
 * removes it from the list, not what memory learned from it. Each profile has its own list.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const JAPAN = [
  'I want to plan a trip to Japan in April for 10 days.',
  'Which cities should the Japan trip include, Tokyo and Kyoto?',
] as const;
const GARDEN = 'My vegetable garden tomatoes are not growing.';
const HOTELS = 'Find hotels in Tokyo for the Japan trip under 200 dollars a night.';

const history = (page: Page) => page.getByTestId('conversation-history');
const items = (page: Page) => history(page).getByTestId('conversation-item');
const userTexts = (page: Page) => page.getByTestId('message-user').getByTestId('message-body');
const item = (page: Page, title: string) => items(page).filter({ hasText: title });
/** The row's first button opens it (its name is the title, then when and how long). */
const openButton = (page: Page, title: string) => item(page, title).getByRole('button').first();

/** Serious or critical axe findings inside the conversation list. */
async function listViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="conversation-history"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function showForest(page: Page): Promise<Locator> {
  const panel = page.getByTestId('topic-panel');
  const show = panel.getByRole('button', { name: 'Show topic forest' });
  if (await show.isVisible()) await show.click();
  return panel;
}

test('conversations: listed, reopened with their topic forest, continued and deleted', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open();
  await expect(history(page)).toContainText('Your conversations are listed here');

  for (const text of JAPAN) await app.send(text);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(JAPAN[0]);
  await expect(items(page).first()).toContainText('4 messages');
  await expect(items(page).first()).toContainText('· on screen');

  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await app.send(GARDEN);
  // Newest first; the open one is marked.
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).nth(0)).toContainText(GARDEN);
  await expect(items(page).nth(1)).toContainText(JAPAN[0]);
  await expect(openButton(page, GARDEN)).toHaveAttribute('aria-current', 'true');
  expect(await listViolations(page), 'conversation list').toEqual([]);
  await page.screenshot({ path: screenshotPath(testInfo, 'app-conversations.png') });

  await page.reload();
  await app.ready();
  await expect(items(page)).toHaveCount(2);
  // The open conversation is still on screen after the reload.
  await expect(userTexts(page)).toHaveText([GARDEN]);

  // Reopen the first: its messages, the memories each reply used, its topic forest.
  await openButton(page, JAPAN[0]).click();
  await expect(userTexts(page)).toHaveText([...JAPAN]);
  await expect(app.replies).toHaveCount(2);
  await expect(app.replies.nth(0).getByTestId('memories-used')).toContainText('Memories used');
  await expect(app.replies.nth(1).getByTestId('topic-line')).toHaveText(
    'Continuing this topic · 1 of 1 earlier exchange sent in full',
  );
  const panel = await showForest(page);
  await expect(panel.getByTestId('topic-tree')).toHaveCount(1);
  await expect(panel.getByTestId('topic-node')).toHaveCount(2);
  // The garden conversation's session ended when it was left: it is being remembered.
  await expect(page.getByTestId('ingestion-job').last()).toHaveAttribute('data-stage', 'done', {
    timeout: 60_000,
  });

  // Continue it: a new session, routed through the restored forest.
  const reply = await app.send(HOTELS);
  await expect(reply.getByTestId('topic-line')).toHaveText(
    'Continuing this topic · 2 of 2 earlier exchanges sent in full',
  );
  await expect(page.getByRole('separator')).toHaveText(['Earlier session ended']);
  await expect(panel.getByTestId('topic-node')).toHaveCount(3);
  await expect(items(page).nth(0)).toContainText(JAPAN[0]);
  await expect(items(page).nth(0)).toContainText('6 messages');
  const job = await app.endSession();
  await expect(job).toContainText('Memories added');
  await page.screenshot({ path: screenshotPath(testInfo, 'app-conversations-reopened.png') });

  // Delete the second: the confirmation says memory keeps what it learned.
  const garden = item(page, GARDEN);
  await garden.getByRole('button', { name: `Delete conversation: ${GARDEN}` }).click();
  await expect(garden.getByTestId('delete-confirm-text')).toContainText(
    'What Grove remembered from it stays in memory',
  );
  // The confirmation takes the focus, on Cancel (the safe choice).
  await expect(garden.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await listViolations(page), 'delete confirmation').toEqual([]);
  await page.screenshot({ path: screenshotPath(testInfo, 'app-conversations-delete.png') });
  await garden.getByRole('button', { name: 'Delete conversation', exact: true }).click();
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(JAPAN[0]);
  const facts = (await app.tree()).facts;
  expect(facts.some((f) => /tomato/i.test(f))).toBe(true);

  await page.reload();
  await app.ready();
  await expect(items(page)).toHaveCount(1);
  await expect(userTexts(page)).toHaveText([...JAPAN, HOTELS]);

  // Each profile has its own conversations.
  await app.goTo('Settings');
  await page.getByLabel('New profile name').fill('Work');
  await page.getByRole('button', { name: 'Create and switch' }).click();
  await app.goTo('Chat');
  await expect(page.getByLabel('Profile')).toHaveValue('work');
  await expect(items(page)).toHaveCount(0);
  await app.send('Work notes: the launch is on Monday.');
  await expect(items(page)).toHaveCount(1);
  await page.getByLabel('Profile').selectOption('default');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(JAPAN[0]);
  expect(errors).toEqual([]);
});

test('conversations: the list fits beside the chat at 800 px wide', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 800, height: 900 });
  const app = new AppPage(page);
  await app.open();
  await app.send(JAPAN[0]);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await app.send(GARDEN);
  await expect(items(page)).toHaveCount(2);
  const box = await history(page).boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(800);
  await page.screenshot({
    path: screenshotPath(testInfo, 'app-conversations-800.png'),
    fullPage: true,
  });
  // Collapsed, the list is one line.
  await history(page).getByRole('button', { name: 'Hide list' }).click();
  await expect(items(page).first()).toBeHidden();
  await expect(history(page).getByRole('button', { name: 'Show list' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
