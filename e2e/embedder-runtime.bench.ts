/**
 * Benchmark (on demand: `npm run bench:embedder-runtime`): what the embedder runtime costs a
 * fresh tab. Each run is a fresh browser context (empty HTTP cache, no service worker, empty
 * IndexedDB) on the real app, no LLM loaded:
 *   - embedderReadyMs: from the navigation's start until the bundled embedder, which the page
 *     starts loading at once, has embedded a text (the test API's WASM load shares that load);
 *   - firstReplyMs: from pressing Enter on the first message to its memory-only reply showing
 *     as done (both stamped with performance.now() in the page, the reply by a MutationObserver);
 *   - ortWasmFetches: requests for the ORT runtime wasm (ort-wasm-*.wasm) from the page and its
 *     workers, after the reply and after the Explorer built the built-in example;
 *   - memoryBytes: performance.measureUserAgentSpecificMemory() (the page is crossOriginIsolated;
 *     it counts the page and its dedicated workers: JS heaps, wasm memories, array buffers), with
 *     the bytes per worker, after the reply and after the explorer build.
 * Prints one JSON object (every run, then medians).
 *
 *   GROVE_BENCH_RUNS=5 npm run bench:embedder-runtime
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { chromiumPath, quietChromiumArgs } from './chromium.ts';

const RUNS = Number(process.env.GROVE_BENCH_RUNS ?? 3);

// Without this flag Chromium answers measureUserAgentSpecificMemory only at its next GC (up to 20 s).
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...quietChromiumArgs,
      '--enable-blink-features=ForceEagerMeasureMemory',
      '--js-flags=--expose-gc',
    ],
  },
});

interface Memory {
  total: number;
  byScope: Record<string, number>;
}

interface Run {
  embedderReadyMs: number;
  firstReplyMs: number;
  ortWasmFetches: { afterReply: number; afterExplorer: number };
  memoryBytes: { afterReply: Memory; afterExplorer: Memory };
  explorerBuildMs: number;
}

const runs: Run[] = [];

async function measureMemory(page: Page): Promise<Memory> {
  return page.evaluate(async () => {
    if (!crossOriginIsolated) throw new Error('the page is not crossOriginIsolated');
    const perf = performance as Performance & {
      measureUserAgentSpecificMemory(): Promise<{
        bytes: number;
        breakdown: {
          bytes: number;
          attribution: { url: string; scope: string; container?: unknown }[];
        }[];
      }>;
    };
    const result = await perf.measureUserAgentSpecificMemory();
    const byScope: Record<string, number> = {};
    for (const entry of result.breakdown) {
      const a = entry.attribution[0];
      const key = a ? `${a.scope} ${new URL(a.url).pathname.split('/').pop()}` : 'shared';
      byScope[key] = (byScope[key] ?? 0) + entry.bytes;
    }
    return { total: result.bytes, byScope };
  });
}

for (let i = 0; i < RUNS; i++) {
  test(`embedder runtime, fresh tab ${i + 1}/${RUNS}`, async ({ page }) => {
    test.setTimeout(240_000);
    const ortWasm: string[] = [];
    page.on('request', (request) => {
      if (/\/ort-wasm[^/]*\.wasm$/.test(new URL(request.url()).pathname))
        ortWasm.push(request.url());
    });
    await page.goto('/#chat', { waitUntil: 'commit' });
    await page.waitForFunction(() => window.grove?.embed);
    // The test API's WASM load is the one the page started at once (same options, one load).
    const embedderReadyMs = await page.evaluate(async () => {
      await window.grove!.embed!.run(['ready'], { device: 'wasm' });
      return performance.now();
    });
    await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);

    await page.getByLabel('Message', { exact: true }).fill('Do I have any pets?');
    await page.evaluate(() => {
      const w = window as unknown as { benchReplyAt?: Promise<number> };
      w.benchReplyAt = new Promise<number>((resolve) => {
        const done = () =>
          document.querySelector('[data-testid="message-assistant"][data-status="done"]');
        const observer = new MutationObserver(() => {
          if (done()) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-status'],
        });
      });
    });
    const sentAt = await page.evaluate(() => performance.now());
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('message-assistant').first()).toHaveAttribute(
      'data-status',
      'done',
      { timeout: 60_000 },
    );
    const replyAt = await page.evaluate(
      () => (window as unknown as { benchReplyAt: Promise<number> }).benchReplyAt,
    );
    await page.waitForTimeout(500);
    const afterReply = { fetches: ortWasm.length, memory: await measureMemory(page) };

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Explorer' })
      .click();
    const explorer = page.getByTestId('explorer');
    const buildStart = Date.now();
    await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
    await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 180_000 });
    const explorerBuildMs = Date.now() - buildStart;
    await page.waitForTimeout(500);
    const afterExplorer = { fetches: ortWasm.length, memory: await measureMemory(page) };

    runs.push({
      embedderReadyMs: Math.round(embedderReadyMs),
      firstReplyMs: Math.round(replyAt - sentAt),
      ortWasmFetches: { afterReply: afterReply.fetches, afterExplorer: afterExplorer.fetches },
      memoryBytes: { afterReply: afterReply.memory, afterExplorer: afterExplorer.memory },
      explorerBuildMs,
    });
  });
}

test.afterAll(() => {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
  };
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  console.log(
    JSON.stringify({
      bench: 'embedder-runtime',
      runs,
      median: {
        embedderReadyMs: median(runs.map((r) => r.embedderReadyMs)),
        firstReplyMs: median(runs.map((r) => r.firstReplyMs)),
        ortWasmFetchesAfterReply: median(runs.map((r) => r.ortWasmFetches.afterReply)),
        ortWasmFetchesAfterExplorer: median(runs.map((r) => r.ortWasmFetches.afterExplorer)),
        memoryMiBAfterReply: mb(median(runs.map((r) => r.memoryBytes.afterReply.total))),
        memoryMiBAfterExplorer: mb(median(runs.map((r) => r.memoryBytes.afterExplorer.total))),
      },
    }),
  );
});
