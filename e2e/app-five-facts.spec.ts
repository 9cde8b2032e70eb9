/**
 * Issue 22.5: the chat's small memory ranks right. Five facts told in five chats with no model
 * (the bundled embedder, extractive facts, the mode every offline demo runs in); "Where do I live
 * now?" is answered with the moves first, the newest first, not the peanut allergy (cosine alone
 * put it first; BM25 met "live" nowhere before stemming), and not the sister's city.
 */
import { expect, test } from './network-guard.ts';
import { NoModelAppPage } from './no-model-page.ts';

const SAID = [
  'I moved to Denver for a job at a bike shop.',
  'My sister Ana lives in Lisbon.',
  'I am allergic to peanuts.',
  'I go climbing on weekends.',
  'I moved again, this time to Seattle.',
];

test('five facts: "Where do I live now?" answers with the moves first', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new NoModelAppPage(page);
  await app.open();
  for (const text of SAID) {
    await app.send(text);
    await app.endSession();
  }
  const answer = await app.send('Where do I live now?');
  const body = (await answer.getByTestId('message-body').textContent()) ?? '';
  const at = (word: string) => {
    const i = body.indexOf(word);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  expect(at('Seattle'), body).toBeLessThan(at('Denver'));
  expect(at('Denver'), body).toBeLessThan(Number.POSITIVE_INFINITY);
  expect(at('Denver'), body).toBeLessThan(at('peanut'));
  expect(at('Denver'), body).toBeLessThan(at('climbing'));
  expect(at('Denver'), body).toBeLessThan(at('Lisbon'));
  expect(body).toMatch(/\[\d{4}-\d{2}(?:-\d{2})? → now\] I moved again, this time to Seattle/);
  expect(body).toMatch(/, replaced\] I moved to Denver/);
});
