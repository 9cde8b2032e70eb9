import { test as base, expect } from '@playwright/test';

/**
 * Every e2e test records each request the page makes and fails if any leaves the app's origin:
 * Grove must work with no network at all.
 */
export const test = base.extend<{ foreignRequests: string[] }>({
  foreignRequests: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        if (new URL(url).origin !== origin) foreign.push(url);
      });
      await use(foreign);
      expect(foreign, 'requests that left the app origin').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
