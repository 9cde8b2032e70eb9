/**
 * Acceptance (issue 23, items 4 and 5): an export made right after a reply holds every message
 * (it waits for this tab's pending chat saves), and a tab showing Memory follows what another
 * tab adds, without a reload.
 */
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';

test('an export made the moment a reply ends holds every message', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open('#chat');
  const texts = [
    'I keep bees on the roof of my building.',
    'My sister Ana lives in Lisbon.',
    'I bake sourdough bread on Sundays.',
    'I am learning to play the cello.',
    'I am allergic to peanuts.',
    'My dog is called Pixel.',
    'I cycle to work every day.',
  ];
  const exported = await page.evaluate(async (all) => {
    const grove = window.grove!.app!;
    for (const text of all) await grove.send(text);
    // The user flips "use memory" for this conversation a few times (each flip is saved, one
    // after another), then exports at once: no wait, the export waits for the saves itself.
    const state = grove.store.getState();
    for (let i = 0; i < 7; i++) state.setMemoryEnabled(!grove.store.getState().memoryEnabled);
    const file = await grove.exportProfile();
    const { conversationId, memoryEnabled } = grove.store.getState();
    return { file, conversationId, memoryEnabled };
  }, texts);
  const file = JSON.parse(exported.file ?? 'null') as {
    chats: { id: string; messageCount: number; memoryEnabled: boolean }[];
    transcripts: { id: string; messages: { role: string; text: string }[] }[];
  };
  const chat = file.chats.find((c) => c.id === exported.conversationId);
  expect(chat).toMatchObject({ messageCount: texts.length * 2, memoryEnabled: false });
  expect(exported.memoryEnabled).toBe(false);
  const transcript = file.transcripts.find((t) => t.id === exported.conversationId);
  expect(transcript?.messages).toHaveLength(texts.length * 2);
  expect(transcript?.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(texts);
  expect(transcript?.messages.every((m) => m.role === 'user' || m.text.length > 0)).toBe(true);
});

test("a second tab's Memory count follows what the first tab adds", async ({ context }) => {
  test.setTimeout(180_000);
  const first = new AppPage(await context.newPage());
  const db = `live-views-${Date.now()}`;
  await first.page.goto(`/?test=scripted&db=${db}#chat`);
  await first.ready();
  const second = new AppPage(await context.newPage());
  await second.page.goto(`/?test=scripted&db=${db}#chat`);
  await second.ready();
  await second.goTo('Memory');
  const heading = second.page.getByRole('heading', { name: /^Memories \(\d+\)$/ });
  await expect(heading).toHaveText('Memories (0)');

  await first.send('I keep bees on the roof of my building.');
  await first.endSession();
  await expect(heading).not.toHaveText('Memories (0)');
  const after = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(after).toBeGreaterThan(0);
  await expect(second.page.getByRole('list', { name: 'Memories' })).toContainText('bees');

  // A memory deleted in the first tab leaves the second one's list too.
  await first.goTo('Memory');
  await expect(first.page.getByRole('heading', { name: `Memories (${after})` })).toBeVisible();
  await second.page.bringToFront();
  await first.page.evaluate(async () => {
    const memory = window.grove!.app!.memory;
    const [fact] = await memory.listFacts({ limit: 1 });
    if (fact) await memory.deleteFact(fact.id);
  });
  await expect(heading).toHaveText(`Memories (${after - 1})`);
});
