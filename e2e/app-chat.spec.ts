/**
 * Acceptance (issue 5, chat): in scripted test mode with the bundled embedder, messages get
 * streamed replies with "memories used"; ending the session adds its facts to the tree in the
 * background (with progress); they show in the inspector and the tree, and survive a reload.
 * Chat content is never rendered as HTML.
 */
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const XSS = 'I like <img src=x onerror="window.__xss=1"> tags in my notes.';

test('chat: streamed replies, memories used, end session, facts in the tree after a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open();

  // Record every text the first reply goes through: a streamed reply grows piece by piece.
  await page.evaluate(() => {
    const w = window as unknown as { __replyTexts: string[] };
    w.__replyTexts = [];
    const store = window.grove!.app!.store;
    store.subscribe((s) => {
      const reply = s.messages.filter((m) => m.role === 'assistant').at(-1);
      if (reply && reply.text !== w.__replyTexts.at(-1)) w.__replyTexts.push(reply.text);
    });
  });

  const first = await app.send('I live in Oslo and I love hiking in the mountains.');
  await expect(first.getByTestId('memories-used')).toContainText('Memories used: 0');
  const texts = await page.evaluate(
    () => (window as unknown as { __replyTexts: string[] }).__replyTexts,
  );
  expect(texts.length, 'the reply arrived in several pieces').toBeGreaterThan(1);

  await app.send('I have a dog named Pixel.');
  await app.send(XSS);
  // User text is text: no <img> element was created and its handler never ran.
  await expect(page.getByTestId('message-user').last()).toContainText('<img src=x onerror=');
  await expect(page.locator('.message-list img')).toHaveCount(0);

  const job = await app.endSession();
  await expect(job).toContainText('Memories added: 3 facts');

  const tree = await app.tree();
  expect(tree.facts).toContain('The user has a dog named Pixel.');
  expect(tree.facts.some((f) => f.includes('Oslo'))).toBe(true);

  // A question in a new session walks the tree and cites the memory it used.
  const answer = await app.send('Which city do I live in?');
  await expect(answer.getByTestId('message-body')).toContainText('Oslo');
  const used = answer.getByTestId('memories-used');
  await used.locator('summary').click();
  await expect(used.getByRole('list', { name: 'Retrieved facts' })).toContainText('Oslo');
  await expect(used).toContainText('kept');
  // Three facts make no leaf clusters: the balanced search judges them without a model call,
  // and says why each was kept.
  await expect(used).toContainText('0 LLM calls (tacitree:llm-frontier)');
  await expect(used).toContainText(/hybrid .* in top/);

  // A fact carrying HTML comes back through the Markdown renderer as text, never as HTML.
  const html = await app.send('Do I like notes with tags?');
  await expect(html.getByTestId('message-body')).toContainText('<img src=x');
  await expect(page.locator('.message-list img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await page.screenshot({ path: screenshotPath(testInfo, 'app-chat.png') });

  // The walk behind a reply can be watched in the memory tree.
  await page.getByRole('button', { name: 'Watch this walk in the memory tree' }).first().click();
  await expect(app.nav('Memory')).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await app.ready();
  await app.goTo('Chat');
  // The conversation itself is still on screen.
  await expect(app.replies.last().getByTestId('message-body')).toContainText('<img src=x');
  await app.goTo('Memory');
  const facts = page.getByRole('list', { name: 'Memories' });
  await expect(facts).toContainText('The user has a dog named Pixel.');
  await expect(facts).toContainText('Oslo');
  expect((await app.tree()).facts).toContain('The user has a dog named Pixel.');
  expect(errors).toEqual([]);
});
