/**
 * Acceptance (issue 5, offline): after a first load the service worker holds the app shell, the
 * workers, the bundled embedder and the ORT runtime; with every request blocked, the app starts,
 * loads the bundled embedder and chats and remembers.
 */
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';

test('after a first load the app starts and works with every network request blocked', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  // The worker is active once its install (the precache) finished, and controls this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);

  await page.reload();
  await app.ready();
  // The route above is what takes the network away (Chromium 150 under Playwright 1.65 does not
  // always report navigator.onLine = false in offline emulation): a request no cache holds fails.
  const probe = await page.evaluate(() =>
    fetch(`/offline-probe-${Date.now()}.json`, { cache: 'no-store' }).then(
      (response) => `HTTP ${response.status}`,
      () => 'refused',
    ),
  );
  expect(probe).not.toBe('HTTP 200');

  await app.send('I am learning to play the cello.');
  await app.send('I am allergic to peanuts.');
  const job = await app.endSession();
  await expect(job).toContainText('Memories added: 2 facts');
  const answer = await app.send('Am I allergic to anything?');
  await expect(answer.getByTestId('message-body')).toContainText('peanuts');
  const status = await page.evaluate(() => window.grove!.app!.status());
  expect(status.embedder).toContain('GloVe');
  expect(status.notes).toEqual([]);
  expect(
    blocked.filter((url) => !url.includes('/offline-probe-')),
    'nothing but the probe needed the network',
  ).toEqual([]);
  expect(blocked.some((url) => url.includes('/offline-probe-'))).toBe(true);
});
