/**
 * Page object for Grove as a new user gets it: no test mode, no model (extractive memory with the
 * bundled embedder, the no-model reply). Chatting and ending sessions are AppPage's.
 */
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect } from './network-guard.ts';

export class NoModelAppPage extends AppPage {
  override async open(hash = '#chat') {
    await this.page.goto(`/${hash}`);
    await this.ready();
  }

  override async ready() {
    await expect(this.page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  }

  /** The memory inspector's row of the fact whose text holds `text`. */
  row(text: string): Locator {
    return this.page
      .getByRole('list', { name: 'Memories' })
      .getByTestId('fact')
      .filter({ has: this.page.locator('.fact-text', { hasText: text }) });
  }
}
