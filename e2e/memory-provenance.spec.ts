/**
 * Issue 26, provenance people can read: a memory in the inspector says which conversation it
 * came from (its title, the first message) and the day, "from ‘Hi, I'm Sam…’, 27 Nov", never a
 * session id; the quote opens that conversation in the chat. The category shows only where it
 * means something (a preference, a plan).
 */
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';

test.use({ locale: 'en-GB' });

test('a memory says where it came from in words, linked to its conversation', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send("Hi, I'm Sam. I have a dog named Pixel.");
  await app.endSession();
  // Another conversation is open when the memory is looked at.
  await page.getByRole('button', { name: 'New conversation' }).click();
  await app.send('Something else entirely.');

  await app.goTo('Memory');
  const fact = page.getByTestId('fact').filter({ hasText: 'Pixel' });
  const line = fact.getByTestId('fact-provenance');
  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  await expect(line).toHaveText(`from ‘Hi, I'm Sam. I have a…’, ${today}`);
  await expect(line).not.toContainText(/session|s-\w/);

  await line.getByRole('link', { name: "‘Hi, I'm Sam. I have a…’" }).click();
  await expect(app.nav('Chat')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('message-user').first()).toHaveText(
    /Hi, I'm Sam\. I have a dog named Pixel\./,
  );
  await expect(page.getByRole('log', { name: 'Conversation' })).not.toContainText(
    'Something else entirely.',
  );
});
