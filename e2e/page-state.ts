/**
 * What a failed test's pages were doing when it failed, in one line each: whether the page still
 * runs script and paints frames. A click that waits forever for "stable" with no retry in its
 * log means no frame came; this line says whether the page's script was stuck too.
 */
import type { BrowserContext, Page } from '@playwright/test';

const within = <T>(ms: number, work: Promise<T>): Promise<T | 'no answer'> =>
  Promise.race([
    work,
    new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms)),
  ]);

async function stateOf(page: Page): Promise<string> {
  if (page.isClosed()) return `${page.url()}: closed`;
  const started = Date.now();
  const script = await within(
    5_000,
    page.evaluate(() => document.visibilityState).catch((e: Error) => `error ${e.message}`),
  );
  const scriptMs = Date.now() - started;
  const frame = await within(
    5_000,
    page
      .evaluate(() => new Promise<string>((resolve) => requestAnimationFrame(() => resolve('ok'))))
      .catch((e: Error) => `error ${e.message}`),
  );
  return `${page.url()}: script ${script} (${scriptMs} ms), frame ${frame}`;
}

export async function pagesState(context: BrowserContext): Promise<string> {
  const states = await Promise.all(context.pages().map(stateOf));
  return states.join('\n') || 'no pages open';
}
