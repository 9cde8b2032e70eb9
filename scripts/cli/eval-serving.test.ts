/**
 * `grove eval` against an OpenAI-compatible server (the fake one, in process): concurrency,
 * the response cache shared by re-runs and methods, failed rows recorded and retried.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticLocomo } from '../../src/engine/datasets/fixtures.test-support.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../bench/fake-openai-server.ts';
import { runEvalCommand } from './eval-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'grove-eval-serving-'));
const file = join(dir, 'locomo-three.json');
writeFileSync(
  file,
  JSON.stringify([
    syntheticLocomo(8, 'conv-a'),
    syntheticLocomo(5, 'conv-b'),
    syntheticLocomo(7, 'conv-c'),
  ]),
);
const quiet = { write: () => true, isTTY: false };
const common = ['--dataset', 'locomo', '--file', file, '--embedder', 'hash', '--json'];
let server: FakeOpenAiServer;
let instant: FakeOpenAiServer;

beforeAll(async () => {
  // Replies take 20 ms, so calls made together are served together (the peak shows the limit).
  server = await startFakeOpenAiServer({ latencyMs: 20, maxConcurrent: 64 });
  instant = await startFakeOpenAiServer();
});
afterAll(() => Promise.all([server.close(), instant.close()]));

const run = (args: string[]) => runEvalCommand([...common, ...args], { progress: quiet });
const rowsOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('grove eval --llm openai:URL#model', () => {
  it('runs N calls at once, caches every reply, and a re-run asks the server nothing', async () => {
    const cache = join(dir, 'cache-a');
    const args = ['--method', 'rag-summary', '--llm', server.spec(), '--concurrency', '4'];
    server.resetStats();
    const first = await run([...args, '--cache', cache]);
    const cold = server.stats();
    expect(cold.byPurpose['extract-facts']).toBe(20);
    expect(cold.byPurpose['summarise-session']).toBe(20);
    expect(cold.byPurpose['answer']).toBe(20);
    expect(cold.peakConcurrent).toBeGreaterThan(1);
    expect(cold.peakConcurrent).toBeLessThanOrEqual(4);
    expect(first.result.questions).toBe(20);
    expect(first.result.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^concurrency 4:/),
        expect.stringMatching(
          new RegExp(`cache .*cache-a: 0 replies read back, ${cold.requests} fetched`),
        ),
      ]),
    );

    server.resetStats();
    const again = await run([...args, '--cache', cache]);
    expect(server.stats().requests).toBe(0);
    expect(again.result).toEqual({
      ...first.result,
      ms_per_query: again.result.ms_per_query,
      notes: again.result.notes,
    });
    expect(again.result.notes.join()).toMatch(`${cold.requests} replies read back, 0 fetched`);

    // Another method over the same cache: extraction and summaries are not asked again.
    server.resetStats();
    await run(['--method', 'tacitree-embedding', '--llm', server.spec(), '--cache', cache]);
    const other = server.stats().byPurpose;
    expect(other['extract-facts'] ?? 0).toBe(0);
    expect(other['summarise'] ?? 0).toBe(0);

    // --no-cache asks again.
    server.resetStats();
    await run([...args, '--no-cache', '--limit', '3']);
    expect(server.stats().byPurpose['extract-facts']).toBe(8);
  });

  it('gives the same rows at --concurrency 8 as one at a time', async () => {
    const one = join(dir, 'one.jsonl');
    const eight = join(dir, 'eight.jsonl');
    const args = ['--method', 'tacitree-llm', '--llm', instant.spec(), '--no-cache'];
    await run([...args, '--out', one]);
    await run([...args, '--out', eight, '--concurrency', '8']);
    const untimed = (path: string) => rowsOf(path).map(({ ms: _ms, ...row }) => row);
    expect(untimed(eight)).toEqual(untimed(one));
    expect(rowsOf(one)).toHaveLength(20);
  });

  it('records failed questions in --out, says so, and retries only those on the next run', async () => {
    const out = join(dir, 'failing.jsonl');
    const args = [
      '--method',
      'flat-facts',
      '--llm',
      server.spec(),
      '--no-cache',
      '--concurrency',
      '4',
      '--max-attempts',
      '1',
      '--out',
      out,
    ];
    server.fail('judge-answer', 503);
    // Every question failed: no figures, a non-zero exit naming the first failure.
    await expect(run(args)).rejects.toThrow(
      /^every question failed \(20 of 20; first: conv-a#0: .*HTTP 503.*run the same command again/,
    );
    server.fail(undefined);
    const failedRows = rowsOf(out);
    expect(failedRows).toHaveLength(20);
    expect(failedRows[0]).toMatchObject({ question_id: 'conv-a#0', error: expect.any(String) });

    server.resetStats();
    const second = await run(args);
    expect(second.result).toMatchObject({ questions: 20, failed_questions: 0 });
    expect(server.stats().byPurpose['judge-answer']).toBe(20);
    expect(rowsOf(out)).toHaveLength(40);

    // A third run finds everything done: nothing is asked.
    server.resetStats();
    const third = await run(args);
    expect(third.result.questions).toBe(20);
    expect(server.stats().byPurpose['judge-answer'] ?? 0).toBe(0);
  });

  it('rejects bad serving options', async () => {
    await expect(run(['--method', 'bm25', '--concurrency', '0'])).rejects.toThrow(
      /--concurrency must be at least 1/,
    );
    await expect(run(['--method', 'bm25', '--cache', dir, '--no-cache'])).rejects.toThrow(
      /either --cache DIR or --no-cache/,
    );
    await expect(run(['--method', 'bm25', '--max-attempts', 'many'])).rejects.toThrow(
      /--max-attempts must be an integer/,
    );
    // Nothing to cache or retry without a server: said, not ignored.
    await expect(run(['--method', 'bm25', '--cache', dir])).rejects.toThrow(
      /--cache applies to an LLM server only/,
    );
    await expect(
      run(['--method', 'rag-summary', '--llm', 'scripted', '--max-attempts', '2']),
    ).rejects.toThrow(/--max-attempts applies to an LLM server only/);
  });
});
