/**
 * Acceptance (issue 12): with one slowed engine, as a device has (the scripted LLM on the page,
 * lent to the memory worker, 150 ms a call plus 10 ms a completion token), a message sent while
 * a session is being remembered in the background waits for at most the one background call
 * already running, and its stage line shows where it is. The engine's call log tells what ran
 * when; no timing threshold is asserted.
 */
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

test('one engine: a reply waits for at most the background call already running', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await page.goto('/?test=scripted&engine=page&callMs=150&tokenMs=10&db=grove-e2e-one-engine#chat');
  await app.ready();
  const engineLog = () => page.evaluate(() => window.grove!.app!.engineLog());

  await app.send('I live in Oslo and I love hiking in the mountains.');
  await app.send('I have a dog named Pixel and I bake sourdough bread on Sundays.');
  await app.send('My sister Ana moved to Lisbon last spring and works as a nurse.');
  // Ending the session starts its ingestion in the background, on the same engine.
  await page.getByRole('button', { name: 'End session' }).click();
  const job = page.getByTestId('ingestion-job').last();
  await expect(job).toHaveAttribute('data-stage', 'extracting', { timeout: 30_000 });

  // Every stage the waiting reply goes through, as the store holds it (a stage can be brief).
  await page.evaluate(() => {
    const w = window as unknown as { __stages: string[] };
    w.__stages = [];
    const store = window.grove!.app!.store;
    store.subscribe((s) => {
      const stage = s.messages.filter((m) => m.role === 'assistant').at(-1)?.stage;
      const seen = stage ? JSON.stringify(stage) : null;
      if (seen && seen !== w.__stages.at(-1)) w.__stages.push(seen);
    });
  });
  const sentAt = await page.evaluate(() => performance.now());
  await page.getByLabel('Message', { exact: true }).fill('Which city do I live in?');
  // The stage line can be brief: watched every frame, from before the message is sent.
  const shown = page.waitForFunction(
    () => {
      const line = document.querySelector<HTMLElement>('[data-testid="stage-line"]');
      return line && line.offsetParent !== null ? line.textContent : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  await page.keyboard.press('Enter');
  expect(await (await shown).jsonValue()).toMatch(/routing topic|searching memory|writing/);
  await page.screenshot({ path: screenshotPath(testInfo, 'one-engine-stage-line.png') });
  const reply = app.replies.last();
  const stage = reply.getByTestId('stage-line');
  await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(stage).toHaveCount(0);
  const stages = (
    await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages)
  ).map((json) => JSON.parse(json) as { routing: boolean; searching: unknown; writing: boolean });
  expect(
    stages.some((st) => st.searching !== false),
    'searching memory was shown',
  ).toBe(true);
  expect(stages.at(-1)?.writing, 'writing was shown last').toBe(true);
  await expect(job).toHaveAttribute('data-stage', 'done', { timeout: 120_000 });

  const log = await engineLog();
  const background = log.filter((c) => c.priority === 'background');
  const turn = log.filter((c) => c.priority === 'user' && c.queuedAt >= sentAt);
  const answer = turn.find((c) => c.purpose === 'answer');
  expect(answer, 'the reply ran on the one engine').toBeDefined();
  // The test means something: the session's extraction was still running or waiting when the
  // message was sent.
  expect(
    background.some((c) => c.purpose === 'extract-facts' && c.endedAt > sentAt),
    'background work was in flight',
  ).toBe(true);
  // Every call of the turn waited for at most the one call already running when it was queued:
  // no background call started between its queueing and its start.
  for (const call of turn) {
    const overtaking = background.filter(
      (b) => b.startedAt > call.queuedAt && b.startedAt < call.startedAt,
    );
    expect(overtaking, `${call.purpose} waited behind background calls`).toEqual([]);
  }
  // Background work goes on after the reply (at least the round's own summary).
  await expect
    .poll(async () =>
      (await engineLog()).some(
        (b) => b.priority === 'background' && b.startedAt > (answer?.endedAt ?? Infinity),
      ),
    )
    .toBe(true);

  // The paper's walk judges node by node on the one engine; Memories used counts its calls and
  // judge tokens and turns them into model time (no speed measured: a typical laptop's).
  await page.evaluate(() => window.grove!.app!.store.getState().setMemoryEffort('thorough'));
  const judged = await app.send('Where does my sister live?');
  await expect(judged).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const used = judged.getByTestId('memories-used');
  await expect(used).toContainText(
    /[1-9]\d* LLM calls?, [1-9]\d* judge tokens .* · est\. [\d.]+ m?s of model time on a typical laptop/,
  );
  await used.locator('summary').click();
  await page.screenshot({ path: screenshotPath(testInfo, 'one-engine-memories-used.png') });
  const judges = (await engineLog()).filter((c) => c.purpose === 'judge-node');
  expect(judges.length, 'the walk judged on the engine').toBeGreaterThan(0);

  // Settings lists every call the engine answered, per purpose, with tokens and queue wait:
  // the background extraction, the reply and the walk's judgements among them.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const calls = page.getByTestId('model-calls');
  for (const purpose of ['extract-facts', 'answer', 'judge-node'])
    await expect(calls.getByRole('row').filter({ hasText: purpose })).toHaveCount(1);
  const judgeRow = calls.getByRole('row').filter({ hasText: 'judge-node' });
  await expect(judgeRow.getByRole('cell').first()).toHaveText(String(judges.length));
  await expect(judgeRow.getByRole('cell').last()).toHaveText(/^\d+(\.\d)? m?s$/);
  await calls.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(testInfo, 'one-engine-model-calls.png') });
});
