/**
 * Issue 21, acceptance in Chromium with no model: a move told in one session and a later move in
 * another. Asked where the user lives now, the no-model reply lists the newer memory first and
 * the older one marked as replaced with both dates; the inspector shows the chain, the tree view
 * marks the replaced fact; undo makes both current; marking by hand links them again; after a
 * reload all of it is still there. Session dates are fixed with Playwright's clock.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { NoModelAppPage } from './no-model-page.ts';
import { screenshotPath } from './screenshots.ts';

const DENVER = 'I moved to Denver last month for a job at a bike shop';
/** Said on 2024-04-10: "last month" is March 2024. */
const FIRST_DAY = '2024-04-10T10:00:00Z';
const SECOND_DAY = '2024-06-20T10:00:00Z';

/** Tells both moves on their days, each in its own session. */
async function tellBothMoves(app: NoModelAppPage, second: string) {
  await app.page.clock.setFixedTime(new Date(FIRST_DAY));
  await app.open();
  await app.send(DENVER);
  await app.endSession();
  await app.page.clock.setFixedTime(new Date(SECOND_DAY));
  await app.send(second);
  await app.endSession();
}

/** The reply to "Where do I live now?": its memory lines, in order. */
async function whereNow(app: NoModelAppPage): Promise<string[]> {
  const reply = await app.send('Where do I live now?');
  return (await reply.getByTestId('message-body').locator('li').allTextContents()).map((t) =>
    t.trim(),
  );
}

/** Denver replaced by Seattle, as the reply, the inspector and the tree show it. */
async function expectReplaced(
  app: NoModelAppPage,
  second: string,
  by: string,
  testInfo?: TestInfo,
) {
  const { page } = app;
  const lines = await whereNow(app);
  const seattle = lines.findIndex((l) => l === `[2024-05 → now] ${second}`);
  const denver = lines.findIndex((l) => l === `[2024-03 → 2024-05, replaced] ${DENVER}`);
  expect(seattle, lines.join('\n')).toBeGreaterThanOrEqual(0);
  expect(denver, lines.join('\n')).toBeGreaterThan(seattle);
  expect(seattle).toBe(0);

  await app.goTo('Memory');
  const old = app.row(DENVER);
  await expect(old.getByTestId('replaced-badge')).toHaveText('replaced');
  await expect(old.getByTestId('fact-dates')).toContainText(`Mar 2024 → May 2024 · ${by}`);
  await expect(old.getByTestId('lineage').locator('.lineage-line')).toHaveText(
    'Denver → Seattle, since May 2024',
  );
  const current = app.row(second);
  await expect(current.getByTestId('replaced-badge')).toHaveCount(0);
  await expect(current.getByTestId('fact-dates')).toContainText('May 2024 → now');
  const steps = current.getByTestId('lineage-step');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Denver Mar 2024 → May 2024, replaced said 10 Apr 2024');
  await expect(steps.nth(1)).toContainText('Seattle May 2024 → now said 20 Jun 2024');
  for (const step of await steps.all())
    await expect(step.getByRole('button', { name: /^Open the conversation of/ })).toBeVisible();

  // The tree: the outline and the node panel say "replaced", with both dates.
  const outline = page.getByRole('navigation', { name: 'Memory tree outline' });
  await expect(outline.getByRole('button', { name: `${DENVER} (replaced)` })).toBeVisible();
  await expect(outline.getByRole('button', { name: second, exact: true })).toBeVisible();
  await old.getByRole('button', { name: `Show in tree: ${DENVER}` }).click();
  const panel = page.getByTestId('node-panel');
  await expect(panel.locator('.node-text')).toHaveText(DENVER);
  await expect(panel.locator('.node-dates').getByTestId('node-fact-dates')).toHaveText(
    'replaced · Mar 2024 → May 2024',
  );
  await expect(panel.locator('.node-text')).toHaveCSS('text-decoration-line', 'line-through');
  if (testInfo)
    await page.screenshot({
      path: screenshotPath(testInfo, 'lifetime-chain.png'),
      fullPage: true,
    });
}

/** Both memories current, no chain, in the inspector and the tree. */
async function expectBothCurrent(app: NoModelAppPage, second: string) {
  const { page } = app;
  for (const [text, since] of [
    [DENVER, 'Mar 2024 → now'],
    [second, 'May 2024 → now'],
  ] as const) {
    const row = app.row(text);
    await expect(row.getByTestId('fact-dates')).toHaveText(since);
    await expect(row.getByTestId('replaced-badge')).toHaveCount(0);
    await expect(row.getByTestId('lineage')).toHaveCount(0);
  }
  const outline = page.getByRole('navigation', { name: 'Memory tree outline' });
  await expect(outline.getByRole('button', { name: DENVER, exact: true })).toBeVisible();
}

async function acceptance(page: Page, second: string, testInfo: TestInfo) {
  const app = new NoModelAppPage(page);
  await tellBothMoves(app, second);
  await expectReplaced(app, second, 'automatically', testInfo);

  // Undo: both current again, and so they stay after a reload.
  await app
    .row(DENVER)
    .getByRole('button', { name: `Undo replacement: ${DENVER}` })
    .click();
  await expectBothCurrent(app, second);
  await page.reload();
  await app.ready();
  await app.goTo('Memory');
  await expectBothCurrent(app, second);

  // By hand: Denver replaced by Seattle again, "by you", and so it stays after a reload.
  const old = app.row(DENVER);
  await old.getByRole('button', { name: `Mark as replaced by another memory: ${DENVER}` }).click();
  await old.getByLabel('Replaced by').selectOption({ label: second });
  await old.getByRole('button', { name: 'Mark', exact: true }).click();
  await expect(old.getByTestId('replaced-badge')).toBeVisible();
  await page.reload();
  await app.ready();
  await app.goTo('Chat');
  await expectReplaced(app, second, 'by you');

  const axe = await new AxeBuilder({ page })
    .include('.inspector')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${v.id}: ${v.help} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    ),
  ).toEqual([]);

  // Each step links to where it was said: Denver's opens its conversation in the chat.
  await app
    .row(second)
    .getByRole('button', { name: `Open the conversation of: ${DENVER}` })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('message-user').filter({ hasText: DENVER })).toBeVisible();
}

test('a move that replaces an older one: dated in the reply, chained, undone and marked by hand, kept over reloads', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await acceptance(page, 'Actually I moved again, to Seattle, in May', testInfo);
});

test('a refused change is said in words', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new NoModelAppPage(page);
  const second = 'I moved to Seattle in May';
  await tellBothMoves(app, second);
  await app.goTo('Memory');
  // Seattle replaced Denver: Seattle cannot be marked as replaced by Denver.
  const seattle = app.row(second);
  await seattle
    .getByRole('button', { name: `Mark as replaced by another memory: ${second}` })
    .click();
  await seattle.getByLabel('Replaced by').selectOption({ label: `${DENVER} (replaced)` });
  await seattle.getByRole('button', { name: 'Mark', exact: true }).click();
  await expect(seattle.locator('.fact-error')).toHaveText(
    /That memory is already replaced by this one: undo that first\./,
  );
  await expect(page.getByRole('alert')).toContainText('Marking the memory as replaced failed');
  await expect(seattle.getByTestId('replaced-badge')).toHaveCount(0);
});
