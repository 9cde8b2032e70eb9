/**
 * Issue 5, settings and memory inspector: search, edit, delete, pause and export go through the
 * memory worker; profiles keep separate memories.
 */
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';

test('the memory inspector searches, edits, deletes, pauses and exports', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send('I have a dog named Pixel.');
  await app.send('I am training for a marathon in October.');
  await app.endSession();

  await app.goTo('Memory');
  const facts = page.getByRole('list', { name: 'Memories' });
  await expect(facts.getByTestId('fact')).toHaveCount(2);

  await page.getByLabel('Search memories').fill('puppy');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'closest in meaning' })).toBeVisible();
  await expect(facts.getByTestId('fact').first()).toContainText('Pixel');
  await page.getByLabel('Search memories').fill('');

  await page.getByRole('button', { name: 'Edit memory: The user has a dog named Pixel.' }).click();
  await page.getByLabel('Memory text').fill('The user has a dog named Pixel, a beagle.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(facts).toContainText('The user has a dog named Pixel, a beagle.');
  expect((await app.tree()).facts).toContain('The user has a dog named Pixel, a beagle.');

  await page.getByRole('button', { name: /^Delete memory: The user is training/ }).click();
  await expect(facts.getByTestId('fact')).toHaveCount(1);
  expect((await app.tree()).facts).toHaveLength(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export memory' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('grove-default.json');

  await page.getByLabel('Pause memory').check();
  await app.goTo('Chat');
  await app.send('I moved to Bergen.');
  await page.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByTestId('ingestion-job').last()).toHaveAttribute('data-stage', 'paused');
  expect((await app.tree()).facts).toHaveLength(1);
});

test('each profile has its own memory', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send('I play the violin.');
  await app.endSession();

  await app.goTo('Settings');
  await page.getByLabel('New profile name').fill('Work');
  await page.getByRole('button', { name: 'Create and switch' }).click();
  await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue('work');
  await expect.poll(async () => (await app.tree()).facts).toEqual([]);
  await app.goTo('Memory');
  await expect(page.getByTestId('no-facts')).toBeVisible();

  await page.getByRole('combobox', { name: 'Profile' }).selectOption('default');
  await expect(page.getByRole('list', { name: 'Memories' })).toContainText('violin');
});
