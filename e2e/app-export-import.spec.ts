/**
 * Export and import of a profile, end to end in Chromium (scripted test mode): memory built by
 * chatting (facts and a table booking's task memory, in two conversations) is exported with a
 * passphrase through the Memory screen, and the downloaded file is imported through the same
 * screen in a second browser (a fresh IndexedDB: another device), where the imported profile
 * holds the same facts, sessions and task memories, and the same conversations: listed beside
 * the chat, each reopening with its messages. A file whose profile id is already there never overwrites it: it lands in a
 * new profile, "<name> (imported)", and the message says so. That is what makes the default
 * profile ("Me", created on every device at startup) exportable: its file always collides. A
 * too-short passphrase, a wrong passphrase, a tampered file and a truncated file are refused with
 * a clear error next to the buttons, and leave the profiles as they were.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const PASSPHRASE = 'correct horse battery';
const PROFILE = 'Travel';

/** The answer to each slot the scripted model asks about ("Could you tell me the time?"). */
const ANSWERS: Record<string, string> = {
  'restaurant name': 'Nopa',
  'party size': '2',
  time: '7 pm',
};

/** Books a table, answering each slot question, until the model says it is done. */
async function bookTable(app: AppPage) {
  let reply = await app.send('Please book a table for dinner.');
  for (let i = 0; i < 8; i++) {
    const text = (await reply.getByTestId('message-body').innerText()).trim();
    if (text.startsWith('Done.')) return;
    const asked = /Could you tell me the ([\w ]+)\?$/.exec(text)?.[1];
    reply = await app.send((asked === undefined ? undefined : ANSWERS[asked]) ?? 'Yes');
  }
  throw new Error('The booking did not complete within 8 turns.');
}

/** A conversation as the chat shows it: its title in the list, its messages once opened. */
interface Conversation {
  readonly title: string;
  readonly userTexts: readonly string[];
  readonly replies: number;
}

const history = (page: Page) => page.getByTestId('conversation-history');
const conversationItems = (page: Page) => history(page).getByTestId('conversation-item');
const userTexts = (page: Page) => page.getByTestId('message-user').getByTestId('message-body');

/** The conversation on screen, titled by its first message. */
async function onScreen(app: AppPage): Promise<Conversation> {
  const texts = await userTexts(app.page).allInnerTexts();
  const replies = await app.replies.count();
  // Exports read the history: wait until its row for this conversation counts every message.
  await expect(
    conversationItems(app.page)
      .filter({ hasText: texts[0] ?? '' })
      .first(),
  ).toContainText(`${texts.length + replies} messages`);
  return { title: texts[0] ?? '', userTexts: texts, replies };
}

/**
 * Checks the Chat screen's conversation list of the open profile shows `expected` (newest
 * first), and that opening each puts its messages back on screen.
 */
async function expectConversations(app: AppPage, expected: readonly Conversation[]) {
  await app.goTo('Chat');
  const items = conversationItems(app.page);
  await expect(items).toHaveCount(expected.length);
  for (const [i, c] of expected.entries()) await expect(items.nth(i)).toContainText(c.title);
  for (const c of expected) {
    // the row's first button opens it
    await items.filter({ hasText: c.title }).getByRole('button').first().click();
    await expect(userTexts(app.page)).toHaveText([...c.userTexts]);
    await expect(app.replies).toHaveCount(c.replies);
  }
}

/**
 * Creates a profile through Settings, chats two sessions into it (facts, then a booking in a
 * conversation of its own); returns its conversations, newest first.
 */
async function buildProfile(app: AppPage, name: string, { booking }: { booking: boolean }) {
  await app.goTo('Settings');
  await app.page.getByLabel('New profile name').fill(name);
  await app.page.getByRole('button', { name: 'Create and switch' }).click();
  await expect(switcher(app.page)).toHaveValue(name.toLowerCase());
  await app.goTo('Chat');
  await app.send('I have a dog named Pixel.');
  await app.send('I am training for a marathon in October.');
  await app.endSession();
  const conversations = [await onScreen(app)];
  if (booking) {
    await app.page.getByRole('button', { name: 'New conversation' }).click();
    await bookTable(app);
    await app.endSession();
    conversations.unshift(await onScreen(app));
  }
  await expect(conversationItems(app.page)).toHaveCount(conversations.length);
  await app.goTo('Memory');
  await expect(app.page.getByRole('list', { name: 'Memories' }).getByTestId('fact')).toHaveCount(2);
  await expect(app.page.getByRole('heading', { name: 'Task memories' })).toHaveText(
    `Task memories (${booking ? 1 : 0})`,
  );
  return conversations;
}

/** What the inspector shows of the open profile: facts, task memories and sessions. */
async function inspected(page: Page) {
  const facts = page.getByRole('list', { name: 'Memories' }).getByTestId('fact');
  const tasks = page.getByRole('list', { name: 'Remembered tasks' }).getByTestId('task-memory');
  const sessions = await page.evaluate(() => {
    const app = window.grove!.app!;
    return [...(app.store.getState().inspection?.sessions ?? [])].sort();
  });
  return {
    facts: (await facts.allInnerTexts()).sort(),
    tasks: (await tasks.allInnerTexts()).sort(),
    sessions,
  };
}

/** Exports the open profile with a passphrase; returns the downloaded file's path and text. */
async function exportProfile(page: Page, testInfo: TestInfo, passphrase: string) {
  await page.getByLabel('Passphrase (optional, encrypts the file)').fill(passphrase);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export memory' }).click();
  const file = await download;
  const path = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path, text: await readFile(path, 'utf8') };
}

/** Picks a file through the "Import a file…" control, as a user would. */
async function importFile(page: Page, file: { name: string; text: string }, passphrase: string) {
  await page.getByLabel('Passphrase (optional, encrypts the file)').fill(passphrase);
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Import a file…').click();
  await (
    await chooser
  ).setFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
}

/**
 * A second browser with its own storage ("another device"), held to the same rule as the `page`
 * fixture: no request may leave the app's origin.
 */
async function otherDevice(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    app: new AppPage(page),
    async close() {
      await context.close();
      expect(foreign, 'requests that left the app origin (second browser)').toEqual([]);
      expect(errors).toEqual([]);
    },
  };
}

/** The header's profile switcher, and the profiles it offers. */
function switcher(page: Page) {
  return page.getByRole('combobox', { name: 'Profile' });
}
function profileOptions(app: AppPage) {
  return switcher(app.page).locator('option');
}

test('an encrypted export imports on another device with the same facts, sessions, tasks and conversations', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open();
  const conversations = await buildProfile(app, PROFILE, { booking: true });
  expect(conversations.map((c) => c.title)).toEqual([
    'Please book a table for dinner.',
    'I have a dog named Pixel.',
  ]);
  expect(conversations[1]?.userTexts).toEqual([
    'I have a dog named Pixel.',
    'I am training for a marathon in October.',
  ]);

  const before = await inspected(page);
  expect(before.facts).toHaveLength(2);
  expect(before.facts.join('\n')).toContain('Pixel');
  expect(before.tasks).toHaveLength(1);
  expect(before.tasks[0]).toContain('Nopa');
  expect(before.sessions).toHaveLength(2);
  await page.screenshot({ path: screenshotPath(testInfo, 'export-source.png'), fullPage: true });

  // Too short a passphrase: refused next to the button, and nothing is downloaded.
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.getByLabel('Passphrase (optional, encrypts the file)').fill('short');
  await page.getByRole('button', { name: 'Export memory' }).click();
  await expect(page.getByTestId('export-outcome')).toHaveText(
    'Export failed: Choose a passphrase of at least 8 characters to encrypt an export.',
  );
  await expect(page.getByTestId('export-outcome')).toHaveAttribute('role', 'alert');
  expect(downloads).toEqual([]);

  const file = await exportProfile(page, testInfo, PASSPHRASE);
  expect(file.name).toBe('grove-travel.json');
  expect(downloads).toEqual(['grove-travel.json']);
  // Sealed: nothing the user said is readable in the file.
  const envelope = JSON.parse(file.text) as { format: string; ciphertext: string };
  expect(envelope.format).toBe('grove-profile-encrypted');
  expect(file.text).not.toContain('Pixel');
  expect(file.text).not.toContain('Nopa');
  await expect(page.getByTestId('export-outcome')).toHaveText('Exported, encrypted.');
  await page
    .getByRole('region', { name: 'Export and import' })
    .screenshot({ path: screenshotPath(testInfo, 'export-done.png') });

  // Importing it back where the profile already is: a new profile, the open one unchanged.
  await importFile(page, file, PASSPHRASE);
  await expect(page.getByTestId('export-outcome')).toHaveText(
    `Imported as a new profile, “${PROFILE} (imported)”: a profile with this file’s id ` +
      `(“${PROFILE.toLowerCase()}”) is already on this device and was left as it is. ` +
      'Switch to the new one in the header. It brought 1 task memory and 2 conversations.',
  );
  await expect(profileOptions(app)).toHaveText(['Me', PROFILE, `${PROFILE} (imported)`]);
  await expect(switcher(page)).toHaveValue(PROFILE.toLowerCase());
  expect(await inspected(page)).toEqual(before);
  await switcher(page).selectOption({ label: `${PROFILE} (imported)` });
  await expect(switcher(page)).toHaveValue(`${PROFILE.toLowerCase()}-2`);
  await expect.poll(() => inspected(page)).toEqual(before);
  await expectConversations(app, conversations);
  await switcher(page).selectOption({ label: PROFILE });
  await expect(switcher(page)).toHaveValue(PROFILE.toLowerCase());
  await expectConversations(app, conversations);
  await app.goTo('Memory');
  await expect.poll(() => inspected(page)).toEqual(before);

  // Another device: the file imports as a new profile, the open one is left as it was.
  const other = await otherDevice(browser, baseURL);
  await other.app.open('#memory');
  await expect(profileOptions(other.app)).toHaveText(['Me']);
  await importFile(other.app.page, file, PASSPHRASE);
  await expect(other.app.page.getByTestId('export-outcome')).toHaveText(
    `Imported profile “${PROFILE}”: switch to it in the header. ` +
      'It brought 1 task memory and 2 conversations.',
  );
  await expect(profileOptions(other.app)).toHaveText(['Me', PROFILE]);
  await expect(switcher(other.app.page)).toHaveValue('default');
  await expect(other.app.page.getByTestId('no-facts')).toBeVisible();
  await other.app.page.screenshot({
    path: screenshotPath(testInfo, 'import-done.png'),
    fullPage: true,
  });

  await switcher(other.app.page).selectOption({ label: PROFILE });
  // Switched: the "switch to it" note is done with.
  await expect(other.app.page.getByTestId('export-outcome')).toHaveCount(0);
  await expect(other.app.page.getByRole('list', { name: 'Memories' })).toContainText('Pixel');
  await expect(
    other.app.page.getByRole('list', { name: 'Remembered tasks' }).getByTestId('task-memory'),
  ).toHaveCount(1);
  expect(await inspected(other.app.page)).toEqual(before);
  expect((await other.app.tree()).facts.sort()).toEqual((await app.tree()).facts.sort());
  await other.app.page.screenshot({
    path: screenshotPath(testInfo, 'imported-profile.png'),
    fullPage: true,
  });
  // The conversations came too: listed beside the chat, each opening with its messages.
  await expectConversations(other.app, conversations);
  await other.app.page.screenshot({
    path: screenshotPath(testInfo, 'imported-conversations.png'),
    fullPage: true,
  });
  await other.close();
  expect(errors).toEqual([]);
});

test('an export of the default profile "Me" imports on a fresh device as "Me (imported)"', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open();
  await expect(switcher(page)).toHaveValue('default');
  await app.send('I have a cat named Miso.');
  await app.send('I am learning to sail this summer.');
  await app.endSession();
  await bookTable(app);
  await app.endSession();
  const conversations = [await onScreen(app)];
  expect(conversations[0]?.title).toBe('I have a cat named Miso.');
  await app.goTo('Memory');
  await expect(page.getByRole('list', { name: 'Memories' }).getByTestId('fact')).toHaveCount(2);
  const before = await inspected(page);
  expect(before.facts.join('\n')).toContain('Miso');
  expect(before.tasks).toHaveLength(1);
  expect(before.sessions).toHaveLength(2);

  const file = await exportProfile(page, testInfo, '');
  expect(file.name).toBe('grove-default.json');
  const data = JSON.parse(file.text) as {
    profile: unknown;
    version: number;
    chats: { title: string }[];
    transcripts: { messages: { role: string; memories?: unknown }[] }[];
    topicForests: unknown[];
  };
  expect(data).toMatchObject({ profile: { id: 'default', name: 'Me' }, version: 3 });
  // The conversation, every message of it (the replies with the memories they used), its forest.
  expect(data.chats.map((c) => c.title)).toEqual(['I have a cat named Miso.']);
  const messages = data.transcripts[0]?.messages ?? [];
  expect(messages).toHaveLength(conversations[0]!.userTexts.length + conversations[0]!.replies);
  expect(messages.filter((m) => m.role === 'assistant' && m.memories).length).toBeGreaterThan(0);
  expect(data.topicForests).toHaveLength(1);

  // A fresh device: it made its own, empty "Me" at startup, which the import leaves alone.
  const other = await otherDevice(browser, baseURL);
  const target = other.app.page;
  await other.app.open('#memory');
  await expect(profileOptions(other.app)).toHaveText(['Me']);
  await importFile(target, file, '');
  const outcome = target.getByTestId('export-outcome');
  await expect(outcome).toHaveText(
    'Imported as a new profile, “Me (imported)”: a profile with this file’s id (“default”) is ' +
      'already on this device and was left as it is. Switch to the new one in the header. ' +
      'It brought 1 task memory and 1 conversation.',
  );
  await expect(outcome).toHaveAttribute('role', 'status');
  await expect(target.getByRole('alert')).toHaveCount(0);
  await expect(profileOptions(other.app)).toHaveText(['Me', 'Me (imported)']);
  await expect(switcher(target)).toHaveValue('default');
  await expect(target.getByTestId('no-facts')).toBeVisible();
  await target
    .getByRole('region', { name: 'Export and import' })
    .screenshot({ path: screenshotPath(testInfo, 'import-default-renamed.png') });

  await switcher(target).selectOption({ label: 'Me (imported)' });
  await expect(switcher(target)).toHaveValue('default-2');
  await expect(target.getByRole('list', { name: 'Memories' })).toContainText('Miso');
  await expect(
    target.getByRole('list', { name: 'Remembered tasks' }).getByTestId('task-memory'),
  ).toHaveCount(1);
  await expect.poll(() => inspected(target)).toEqual(before);
  expect((await other.app.tree()).facts.sort()).toEqual((await app.tree()).facts.sort());
  await target.screenshot({
    path: screenshotPath(testInfo, 'imported-default-profile.png'),
    fullPage: true,
  });
  await expectConversations(other.app, conversations);
  await other.app.goTo('Memory');

  // The device's own "Me" is still empty, and the new profile survives a reload.
  await switcher(target).selectOption({ label: 'Me' });
  await expect(target.getByTestId('no-facts')).toBeVisible();
  await target.reload();
  await other.app.ready();
  await expect(profileOptions(other.app)).toHaveText(['Me', 'Me (imported)']);
  await other.close();
  expect(errors).toEqual([]);
});

test('a wrong passphrase, a tampered file and a truncated file are refused; profiles stay as they were', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open();
  await buildProfile(app, 'Notes', { booking: false });
  const file = await exportProfile(page, testInfo, PASSPHRASE);

  const other = await otherDevice(browser, baseURL);
  const target = other.app.page;
  await other.app.open('#memory');
  const outcome = target.getByTestId('export-outcome');
  const unchanged = async () => {
    await expect(profileOptions(other.app)).toHaveText(['Me']);
    await expect(switcher(other.app.page)).toHaveValue('default');
    await expect(target.getByTestId('no-facts')).toBeVisible();
  };

  await importFile(target, file, 'wrong horse battery');
  await expect(outcome).toHaveText(
    'Import failed: The passphrase does not open this file (or the file was altered after ' +
      'export). Check the passphrase and try again; nothing was imported.',
  );
  await expect(outcome).toHaveAttribute('role', 'alert');
  // Said once, where the user acted (not also in the alert at the top of the screen).
  await expect(target.getByRole('alert')).toHaveCount(1);
  await target
    .getByRole('region', { name: 'Export and import' })
    .screenshot({ path: screenshotPath(testInfo, 'import-wrong-passphrase.png') });
  await unchanged();

  // One ciphertext character changed: AES-GCM's tag no longer matches, even with the passphrase.
  const envelope = JSON.parse(file.text) as { ciphertext: string };
  const at = Math.floor(envelope.ciphertext.length / 2);
  const flipped = envelope.ciphertext[at] === 'A' ? 'B' : 'A';
  const tampered = JSON.stringify({
    ...envelope,
    ciphertext: envelope.ciphertext.slice(0, at) + flipped + envelope.ciphertext.slice(at + 1),
  });
  await importFile(target, { name: file.name, text: tampered }, PASSPHRASE);
  await expect(outcome).toContainText('Import failed: The passphrase does not open this file');
  await unchanged();

  await importFile(target, { name: file.name, text: file.text.slice(0, 200) }, PASSPHRASE);
  await expect(outcome).toContainText('Import failed: This file is not valid JSON');
  await expect(outcome).toContainText('it may be truncated. Nothing was imported.');
  await target
    .getByRole('region', { name: 'Export and import' })
    .screenshot({ path: screenshotPath(testInfo, 'import-truncated.png') });
  await unchanged();

  // The intact file, with its passphrase, still imports: the refusals were about the file.
  await importFile(target, file, PASSPHRASE);
  await expect(outcome).toHaveText(
    'Imported profile “Notes”: switch to it in the header. ' +
      'It brought 0 task memories and 1 conversation.',
  );
  await expect(outcome).not.toHaveAttribute('role', 'alert');
  await expect(profileOptions(other.app)).toHaveText(['Me', 'Notes']);
  await other.close();
});
