/**
 * Acceptance (issue 7, chat): in scripted test mode, a non-linear chat is routed through
 * Context-Agent. A topic switch opens a second topic tree, a revision of the first topic forks a
 * branch from its first round, a return switches back to the earlier branch; each reply says what
 * context it got, the topic panel beside the chat shows the forest, and all of it survives a
 * reload (and the conversation goes on from the restored forest).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const TURNS = [
  'I want to plan a trip to Japan in April for 10 days.',
  'Which cities should the Japan trip include, Tokyo and Kyoto?',
  'Find hotels in Tokyo for the Japan trip under 200 dollars a night.',
  'Something else: my vegetable garden tomatoes are not growing.',
  'Back to the Japan trip: instead make it 7 days in April.',
  'Return to the Tokyo hotels for the Japan trip, as before.',
] as const;

/**
 * Each reply's context line, in words (issue 23), and the topic number and branch decision the
 * line carries as data attributes.
 */
const LINES: readonly { text: string | RegExp; topic: string; decision: string }[] = [
  { text: 'A new topic', topic: '1', decision: 'CONTINUE' },
  {
    text: 'Continuing this topic · 1 of 1 earlier exchange sent in full',
    topic: '1',
    decision: 'CONTINUE',
  },
  {
    text: 'Continuing this topic · 2 of 2 earlier exchanges sent in full',
    topic: '1',
    decision: 'CONTINUE',
  },
  // The garden shares neither words nor much meaning with the trip: a clear new topic, so the
  // reply already gets the new topic's (empty) context, and the model agrees.
  { text: 'A new topic · 0 of 3 earlier exchanges sent in full', topic: '2', decision: 'CONTINUE' },
  {
    text: /^Branching off from an earlier point in your earlier topic “[^”]*Japan[^”]*” · 1 of 4 earlier exchanges sent in full$/,
    topic: '1',
    decision: 'CREATE_BRANCH',
  },
  {
    text: 'Returning to an earlier thread of this topic · 3 of 5 earlier exchanges sent in full',
    topic: '1',
    decision: 'SWITCH_BRANCH',
  },
];

/** A reply's context line: its words, its topic and its decision. */
async function expectLine(reply: Locator, line: (typeof LINES)[number]) {
  const element = reply.getByTestId('topic-line');
  await expect(element).toHaveText(line.text);
  await expect(element).toHaveAttribute('data-topic', line.topic);
  await expect(element).toHaveAttribute('data-decision', line.decision);
}

async function expectForest(panel: Locator) {
  const trees = panel.getByTestId('topic-tree');
  await expect(trees).toHaveCount(2);
  // Topic 1: the main branch (rounds 1, 2, 3, 6) and the branch forked from round 1 (round 5).
  await expect(trees.nth(0)).toHaveAttribute('data-branches', '2');
  await expect(trees.nth(0).getByTestId('topic-node')).toHaveCount(5);
  await expect(trees.nth(1)).toHaveAttribute('data-branches', '1');
  await expect(trees.nth(1).getByTestId('topic-node')).toHaveCount(1);
  // The active path is rounds 1 → 2 → 3 → 6, and round 6 is where the conversation is.
  const onPath = trees.nth(0).locator('[data-testid="topic-node"][data-on-path="true"]');
  await expect(onPath).toHaveText(['1', '2', '3', '6']);
  // The new branch forks from round 1 (round 5 came from topic 2, so it is a fork, not a jump);
  // the switch back, from round 5 to round 6 on the main branch, is drawn as a jump.
  await expect(trees.nth(0).locator('.topic-edge.fork')).toHaveCount(1);
  await expect(trees.nth(0).getByTestId('topic-jump')).toHaveCount(1);
  await expect(trees.nth(0).getByTestId('topic-jump')).toHaveAttribute(
    'data-action',
    'SWITCH_BRANCH',
  );
  const log = panel.getByTestId('topic-log');
  await expect(log).toContainText('Round 4: opened topic 2 (after round 3).');
  await expect(log).toContainText(
    'Round 5: returned to topic 1 (after round 4), started a branch from round 1.',
  );
  await expect(log).toContainText(
    'Round 6: stayed in topic 1 (after round 5), switched back to a branch from round 3.',
  );
}

/** Serious or critical axe findings inside the topic panel. */
async function panelViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="topic-panel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function openPanel(panel: Locator) {
  // The toggle is a button: reachable and pressed from the keyboard.
  const toggle = panel.getByRole('button', { name: 'Show topic forest' });
  await toggle.focus();
  await toggle.press('Enter');
  await expect(panel.getByRole('button', { name: 'Hide topic forest' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
}

test('topics: a non-linear chat makes two topic trees and a branch, shown in the panel, after a reload too', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open();

  for (const [i, turn] of TURNS.entries()) {
    const reply = await app.send(turn);
    await expectLine(reply, LINES[i] ?? { text: '', topic: '', decision: '' });
  }

  const panel = page.getByTestId('topic-panel');
  await openPanel(panel);
  await expectForest(panel);

  // A round's one-sentence summary shows on focus (and on hover).
  await panel.getByRole('button', { name: /^Round 4/ }).focus();
  await expect(panel.getByTestId('topic-caption')).toHaveText(
    "Round 4: Something else: the user's vegetable garden tomatoes are not growing.",
  );
  await panel.getByRole('button', { name: /^Round 5/ }).hover();
  await expect(panel.getByTestId('topic-caption')).toContainText('Round 5: Back to the Japan trip');
  expect(await panelViolations(page), 'topic panel').toEqual([]);
  // The memories each reply used are still there, beside the forest.
  await expect(app.replies.last().getByTestId('memories-used')).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'app-topics.png'), fullPage: true });

  await page.reload();
  await app.ready();
  await expect(app.replies).toHaveCount(TURNS.length);
  for (const [i, line] of LINES.entries()) await expectLine(app.replies.nth(i), line);
  await openPanel(panel);
  await expectForest(panel);

  // The conversation goes on from the restored forest: back to the garden topic.
  const garden = await app.send('What fertiliser should the garden tomatoes get?');
  await expectLine(garden, {
    text: /^Continuing your earlier topic “[^”]*garden[^”]*” · 1 of 6 earlier exchanges sent in full$/,
    topic: '2',
    decision: 'CONTINUE',
  });
  await expect(panel.getByTestId('topic-tree').nth(1).getByTestId('topic-node')).toHaveCount(2);
  expect(errors).toEqual([]);
});
