import { test as base, expect, type Request } from '@playwright/test';
import { pagesState } from './page-state.ts';

/** What a spec may relax in the guard below. */
export interface Guard {
  /** Lets requests to `origin` through: a server the test opted the app into. */
  allowOrigin(origin: string): void;
}

/**
 * Every e2e test watches every page of its browser context and fails if:
 * - a request leaves the app's origin (Grove must work with no network at all), unless the test
 *   opted the app into that origin with `guard.allowOrigin`;
 * - a page throws an uncaught error or leaves a promise rejection unhandled;
 * - the browser reports a Content-Security-Policy violation (the app itself must never trip its
 *   own policy), unless the test sets `cspViolationsExpected` because it provokes one.
 * A test that failed prints whether its pages still ran script and drew frames, and their last
 * console lines.
 */
export const test = base.extend<{ cspViolationsExpected: boolean; guard: Guard }>({
  cspViolationsExpected: [false, { option: true }],
  guard: [
    async ({ context, baseURL, cspViolationsExpected }, use, testInfo) => {
      const allowed = new Set([new URL(baseURL ?? 'http://127.0.0.1').origin]);
      const foreign = new Map<Request, string>();
      const errors: string[] = [];
      const violations: string[] = [];
      context.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        if (!allowed.has(new URL(url).origin)) foreign.set(request, url);
      });
      // A request the page's Content-Security-Policy refused never left the browser.
      context.on('requestfailed', (request) => {
        if (/csp/i.test(request.failure()?.errorText ?? '')) foreign.delete(request);
      });
      context.on('weberror', (error) => {
        errors.push(`${error.page()?.url() ?? '?'}: ${error.error().message}`);
      });
      const consoleLines: string[] = [];
      context.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
        consoleLines.push(`${message.type()}: ${message.text().slice(0, 120)}`);
      });
      await use({ allowOrigin: (origin) => allowed.add(new URL(origin).origin) });
      if (testInfo.status !== testInfo.expectedStatus) {
        // Printed, not attached: a failed try that its retry passed is still reported in the log.
        console.log(
          `${testInfo.title}, try ${testInfo.retry + 1}, failed. Its pages: ${await pagesState(context)}`,
        );
        console.log(`Last console lines:\n${consoleLines.slice(-4).join('\n')}`);
      }
      expect([...foreign.values()], 'requests that left the app origin').toEqual([]);
      expect(errors, 'uncaught errors or unhandled rejections in a page').toEqual([]);
      if (!cspViolationsExpected) {
        expect(violations, 'Content-Security-Policy violations').toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
