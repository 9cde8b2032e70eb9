/** Page object for the Grove app in scripted test mode (`/?test=scripted`). */
import type { Locator, Page } from '@playwright/test';
import { expect } from './network-guard.ts';

export const BUNDLED_EMBEDDER_LABEL = 'bundled (GloVe 100d';

export class AppPage {
  constructor(readonly page: Page) {}

  /** Opens the app in test mode and waits until the memory worker says what it runs on. */
  async open(hash = '#chat') {
    await this.page.goto(`/?test=scripted${hash}`);
    await this.ready();
  }

  /** Waits until the app is up and the memory worker has loaded its embedder. */
  async ready() {
    await expect(this.page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
    await expect(this.banner).toContainText('Test mode: scripted LLM');
    await expect(this.banner).toContainText(`embedder: ${BUNDLED_EMBEDDER_LABEL}`, {
      timeout: 30_000,
    });
  }

  get banner(): Locator {
    return this.page.getByTestId('test-mode-banner');
  }

  nav(name: 'Chat' | 'Memory' | 'Explorer' | 'Settings'): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  }

  async goTo(name: 'Chat' | 'Memory' | 'Explorer' | 'Settings') {
    await this.nav(name).click();
    await expect(this.nav(name)).toHaveAttribute('aria-current', 'page');
  }

  get replies(): Locator {
    return this.page.getByTestId('message-assistant');
  }

  /** Sends a message and waits for its reply to finish streaming; returns the reply. */
  async send(text: string): Promise<Locator> {
    const before = await this.replies.count();
    await this.page.getByLabel('Message', { exact: true }).fill(text);
    await this.page.keyboard.press('Enter');
    const reply = this.replies.nth(before);
    await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    return reply;
  }

  async endSession(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'End session' }).click();
    const job = this.page.getByTestId('ingestion-job').last();
    await expect(job).toHaveAttribute('data-stage', 'done', { timeout: 60_000 });
    return job;
  }

  /** The live tree, read through window.grove.app (plain data). */
  tree() {
    return this.page.evaluate(() => window.grove!.app!.tree());
  }
}
