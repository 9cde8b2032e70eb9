/**
 * Issue 8, MAP task memory in the chat (scripted test mode): a user books a table in one
 * session, chats about something else in the next, and books again two sessions later. With
 * memory on the assistant confirms with the remembered slots (and says which memory supplied
 * them) instead of asking again; with memory off it asks every slot question. A slot corrected
 * inline updates the stored task memory, which the inspector lists with edit and delete.
 * The scripted model is loaded, so each confirmation and question is the model's reply, checked
 * against the slots the chat holds (the reply's details say so). Task turns are topic rounds and
 * search the memory like other turns.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

/** The answer to each slot the scripted model asks about ("Could you tell me the time?"). */
const ANSWERS: Record<string, string> = {
  'restaurant name': 'Nopa',
  'party size': '2',
  time: '7 pm',
};

const CONFIRM_REMEMBERED =
  'Just to confirm, as last time: the restaurant name is Nopa, the party size is 2 and the ' +
  'time is 7 pm. Shall I go ahead?';

/** Books a table, answering each slot question; counts the questions and the user's turns. */
async function bookTable(
  app: AppPage,
): Promise<{ questions: number; turns: number; confirm: Locator }> {
  let reply = await app.send('Please book a table for dinner.');
  let questions = 0;
  let turns = 1;
  let confirm: Locator | undefined;
  for (let i = 0; i < 8; i++) {
    const text = (await reply.getByTestId('message-body').innerText()).trim();
    if (text.startsWith('Done.')) return { questions, turns, confirm: confirm ?? reply };
    const asked = /Could you tell me the ([\w ]+)\?$/.exec(text)?.[1];
    const answer = asked === undefined ? undefined : ANSWERS[asked];
    if (answer !== undefined) questions++;
    else {
      expect(text).toMatch(/^Just to confirm[:,] /);
      confirm = reply;
    }
    await expect(reply.getByTestId('task-reply-check')).toHaveAttribute('data-source', 'model');
    reply = await app.send(answer ?? 'Yes');
    turns++;
  }
  throw new Error('The booking did not complete within 8 turns.');
}

/** The topic number a reply's context line carries (its `data-topic`). */
async function topicNumber(reply: Locator): Promise<string | undefined> {
  const line = reply.getByTestId('topic-line');
  await expect(line).toHaveAttribute('data-topic', /^\d+$/);
  return (await line.getAttribute('data-topic')) ?? undefined;
}

/**
 * Task turns are routed like any other: the confirmation and the reply to its "Yes" share one
 * topic, the memory was searched for the confirmation (shown as related: the reply is written
 * from the task memory), and every message sent so far is a round in the topic panel.
 */
async function expectTaskRounds(page: Page, confirm: Locator, testInfo: TestInfo) {
  await expect(confirm.getByTestId('memories-used')).toContainText('Related memories:');
  await expect(confirm.getByTestId('topic-line')).toContainText(/^Task exchange: /);
  const done = page.getByTestId('message-assistant').last();
  await expect(done.getByTestId('message-body')).toContainText(/^Done\./);
  expect(await topicNumber(done)).toBe(await topicNumber(confirm));
  await expect(done.getByTestId('topic-line')).toHaveAttribute('data-decision', 'CONTINUE');
  const panel = page.getByTestId('topic-panel');
  await panel.getByRole('button', { name: 'Show topic forest' }).click();
  const sent = await page.getByTestId('message-user').count();
  await expect(panel.getByTestId('topic-node')).toHaveCount(sent);
  await confirm.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(testInfo, 'task-topics.png') });
}

async function endSession(page: Page, stage: 'done' | 'skipped') {
  await page.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByTestId('ingestion-job').last()).toHaveAttribute('data-stage', stage, {
    timeout: 60_000,
  });
}

async function threeSessions(app: AppPage, stage: 'done' | 'skipped') {
  const first = await bookTable(app);
  await endSession(app.page, stage);
  await app.send('I went hiking in the mountains last weekend.');
  await endSession(app.page, stage);
  const third = await bookTable(app);
  return { first, third };
}

test('a table booked before is confirmed with the remembered slots, in fewer turns', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open();

  // Memory off: nothing is remembered, the third session asks every slot again.
  await page.getByLabel('Use and update memory').uncheck();
  const off = await threeSessions(app, 'skipped');
  expect(off.third.questions).toBe(3);

  // Memory on.
  await page.getByLabel('Use and update memory').check();
  const on = await threeSessions(app, 'done');
  expect(on.first.questions).toBe(3);
  expect(on.third.questions).toBe(0);
  expect(on.third.questions).toBeLessThan(off.third.questions);
  expect(on.third.turns).toBeLessThan(off.third.turns);

  const confirm = on.third.confirm;
  await expect(confirm.getByTestId('message-body')).toHaveText(CONFIRM_REMEMBERED);
  // Written by the model, and checked against the three slots the chat holds.
  await expect(confirm.locator('.message-meta')).toContainText('Scripted LLM (test mode)');
  const check = confirm.getByTestId('task-reply-check');
  await expect(check).toHaveAttribute('data-source', 'model');
  await expect(check).toContainText('Reply checked: 3 of 3 slots stated as held');
  await check.locator('summary').click();
  await expect(check.locator('[data-status="ok"]')).toHaveCount(3);
  const card = confirm.getByTestId('task-confirmation');
  await expect(card).toContainText('3 of 3 details from task memory');
  await expect(card.getByTestId('task-slot-source').first()).toContainText('from memory · session');
  await expectTaskRounds(page, confirm, testInfo);

  // Correct a remembered slot inline: the memory that supplied it is updated.
  await app.send('Book a table for dinner again.');
  const again = app.replies.last();
  await expect(again.getByTestId('message-body')).toHaveText(CONFIRM_REMEMBERED);
  await again.getByRole('button', { name: 'Correct the party size' }).click();
  await again.getByLabel('New party size').fill('4');
  await again.getByRole('button', { name: 'Save' }).click();
  const updated = app.replies.last();
  await expect(updated.getByTestId('message-body')).toHaveText(
    'Updated the party size to 4. Just to confirm, as last time: the restaurant name is Nopa, ' +
      'the party size is 4 and the time is 7 pm. Shall I go ahead?',
  );
  const updatedCheck = updated.getByTestId('task-reply-check');
  await expect(updatedCheck).toHaveAttribute('data-source', 'model');
  await updatedCheck.locator('summary').click();
  await expect(updatedCheck.locator('[data-status="ok"]')).toHaveCount(3);
  const party = updated.getByTestId('task-slot').filter({ hasText: 'party size' });
  await expect(party.getByTestId('task-slot-value')).toHaveText('4');
  await expect(party.getByTestId('task-slot-source')).toContainText('corrected by you');
  await page.screenshot({
    path: screenshotPath(testInfo, 'task-confirmation.png'),
    fullPage: true,
  });
  await updated.screenshot({ path: screenshotPath(testInfo, 'task-reply-check.png') });
  await app.send('Yes');
  await endSession(page, 'done');

  // The inspector lists the task memories with their pairs and source session.
  await app.goTo('Memory');
  const tasks = page.getByRole('list', { name: 'Remembered tasks' });
  await expect(tasks.getByTestId('task-memory')).toHaveCount(2);
  await expect(tasks).toContainText('from session');
  await expect(tasks.locator('[data-slot="party_size"]').first()).toContainText('4');
  await page
    .getByRole('region', { name: /Task memories/ })
    .screenshot({ path: screenshotPath(testInfo, 'task-inspector.png') });

  // Edit and delete a pair, then a whole task memory.
  await tasks.getByRole('button', { name: 'Edit task answer: Which restaurant' }).first().click();
  await page.getByLabel('Answer', { exact: true }).fill('Zuni Café');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(tasks).toContainText('Zuni Café');
  const before = await tasks.getByTestId('task-qa').count();
  await tasks
    .getByRole('button', { name: /^Delete task answer: What time/ })
    .first()
    .click();
  await expect(tasks.getByTestId('task-qa')).toHaveCount(before - 1);
  await tasks
    .getByRole('button', { name: /^Delete task memory/ })
    .first()
    .click();
  await expect(tasks.getByTestId('task-memory')).toHaveCount(1);
  expect(errors).toEqual([]);
});
