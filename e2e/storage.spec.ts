import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import type { MemoryTestApi } from '../src/app/memory-test-mode.ts';

type MemoryMethod = Exclude<keyof MemoryTestApi, 'live'>;

/** Page object for the memory test mode (`/?test=memory`): real worker, real IndexedDB. */
class MemoryPage {
  constructor(readonly page: Page) {}

  async open(query = '', options: { resume?: boolean } = {}) {
    await this.page.goto(`/?test=memory&db=e2e-store${query}`);
    await expect(this.page.getByTestId('test-mode-banner')).toHaveText(
      'Test mode: deterministic hashing embedder',
    );
    await this.page.waitForFunction(() => window.grove?.memory !== undefined);
    return this.call('open', 'alice', { resume: options.resume ?? true });
  }

  /** Calls a MemoryApi method through window.grove.memory (arguments cross as JSON). */
  call(method: MemoryMethod, ...args: unknown[]): Promise<unknown> {
    return this.page.evaluate(
      ([m, a]) => (window.grove!.memory![m] as (...x: unknown[]) => Promise<unknown>)(...a),
      [method, args] as const,
    );
  }

  inspect() {
    return this.call('inspect') as Promise<{
      sessions: string[];
      pending: string[];
      facts: number;
      treeConsistent: boolean;
    }>;
  }
}

const session = (id: string, statements: string[]) => ({
  id,
  turns: statements.map((text, i) => ({ id: `${id}:${i}`, speaker: 'user', text })),
});

test('memory survives a reload', async ({ page }) => {
  const memory = new MemoryPage(page);
  await memory.open('&case=reload');
  await memory.call('wipe');
  await memory.open('&case=reload');
  await memory.call(
    'ingest',
    session('s1', ['I live in Oslo with my partner.', 'I am training for a marathon.']),
  );
  expect(await memory.inspect()).toMatchObject({
    sessions: ['s1'],
    facts: 2,
    treeConsistent: true,
  });
  await page.reload();
  await memory.open('&case=reload');
  expect(await memory.inspect()).toMatchObject({ sessions: ['s1'], facts: 2, pending: [] });
  const facts = (await memory.call('listFacts')) as {
    text: string;
    sources: { sessionId: string }[];
  }[];
  expect(facts.map((f) => f.text)).toContain('I live in Oslo with my partner.');
  expect(facts[0]?.sources[0]?.sessionId).toBe('s1');
  const health = (await memory.call('health')) as { quotaBytes: number; usageBytes: number };
  expect(health.quotaBytes).toBeGreaterThan(0);
  expect(health.usageBytes).toBeGreaterThanOrEqual(0);
});

test('closing the page mid-ingestion leaves no partial tree; reopening completes it', async ({
  context,
}) => {
  const first = await context.newPage();
  const memory = new MemoryPage(first);
  await memory.open();
  await memory.call('wipe');
  await memory.open();
  await memory.call('ingest', session('s1', ['I play the cello every evening.']));
  // Reopen with a long pause before each ingestion's slow work, so closing lands inside it.
  await memory.open('&delay=60000');
  // Not awaited: the worker records the session as pending, then waits before the slow work.
  void memory
    .call('ingest', session('s2', ['My sister is getting married in Portugal.']))
    .catch(() => undefined);
  await expect.poll(async () => (await memory.inspect()).pending).toEqual(['s2']);
  await first.close();

  const second = await context.newPage();
  const reopened = new MemoryPage(second);
  await reopened.open('', { resume: false });
  expect(await reopened.inspect()).toMatchObject({
    sessions: ['s1'],
    pending: ['s2'],
    facts: 1,
    treeConsistent: true,
  });
  await reopened.call('resume');
  expect(await reopened.inspect()).toMatchObject({
    sessions: ['s1', 's2'],
    pending: [],
    facts: 2,
    treeConsistent: true,
  });
});

test('a second tab sees a change made in the first (liveQuery)', async ({ context }) => {
  const tab1 = new MemoryPage(await context.newPage());
  await tab1.open();
  await tab1.call('wipe');
  await tab1.open();
  const tab2 = new MemoryPage(await context.newPage());
  await tab2.open();
  await tab2.call('watch', 'alice');
  const liveFacts = () => tab2.page.evaluate(() => window.grove!.memory!.live.counts?.facts);
  await expect.poll(liveFacts).toBe(0);
  await tab1.call('ingest', session('s1', ['I keep bees on the roof of my building.']));
  await expect.poll(liveFacts).toBe(1);
  const [fact] = (await tab1.call('listFacts')) as { id: string }[];
  await tab1.call('deleteFact', fact!.id);
  await expect.poll(liveFacts).toBe(0);
});
