import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvalCommand } from './eval-command.ts';
import { isNtmRun, runNtmEvalCommand } from './eval-ntm.ts';
import type { ProgressStream } from './progress-bar.ts';
import {
  startFakeTaskLlmServer,
  type FakeTaskLlmServer,
} from './fake-task-llm-server.test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'grove-ntm-'));
const file = join(dir, 'ntm-syn.jsonl');
const dialogue = (id: string) => ({
  conversation_id: id,
  metadata: { rounds: '4' },
  user_turns: [
    { turn_id: 1, content: 'Plan a trip to Oslo for 5 days with a budget of 2000 euros.' },
    { turn_id: 2, content: 'How cold is Norway in winter?' },
    { turn_id: 3, content: 'Make the Oslo trip 4 days instead, and add a fjord cruise.' },
    { turn_id: 4, content: 'What is the final trip plan?' },
  ],
  checkpoint_question:
    'Does the plan include (1) 4 days in Oslo, (2) a 2000 euros budget and (3) a fjord cruise?',
});
writeFileSync(file, `${JSON.stringify(dialogue('a'))}\n${JSON.stringify(dialogue('b'))}\n`);
const quiet = { write: () => true, isTTY: false };
const common = ['--dataset', 'ntm', '--file', file, '--embedder', 'hash', '--json'];

describe('grove eval --dataset ntm', () => {
  it('is routed from grove eval and prints the summary fields of the issue', async () => {
    expect(isNtmRun(common)).toBe(true);
    expect(isNtmRun(['--dataset=ntm'])).toBe(true);
    expect(isNtmRun(['--dataset', 'locomo'])).toBe(false);
    const { json, result } = await runEvalCommand([...common, '--llm', 'none'], {
      progress: quiet,
    });
    expect(json).toBe(true);
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining([
        'dataset',
        'conversations',
        'context_tokens_mean',
        'linear_tokens_mean',
        'token_ratio',
        'goal_coverage',
        'linear_goal_coverage',
        'decisions',
      ]),
    );
    expect(result).toMatchObject({ dataset: 'ntm', conversations: 2, task_completion: null });
    expect(JSON.stringify(result)).toContain('the assistant side is empty');
  });

  it('replies and judges with --llm scripted (test mode), and writes and resumes --out rows', async () => {
    const out = join(dir, 'rows.jsonl');
    const args = [...common, '--llm', 'scripted', '--out', out];
    const first = await runNtmEvalCommand([...args, '--limit', '1'], { progress: quiet });
    expect(first.result.conversations).toBe(1);
    expect(first.result.task_completion).not.toBeNull();
    expect(first.result.llm).toContain('TEST MODE');
    const second = await runNtmEvalCommand(args, { progress: quiet });
    expect(second.result.conversations).toBe(2);
    expect(second.result.notes.some((n) => n.startsWith('resumed: 1 rows'))).toBe(true);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.conversation_id)).toEqual(['ntm-a', 'ntm-b']);
    expect(rows[0]).toMatchObject({
      run: { dataset: 'ntm', llm: 'scripted' },
      final_reply: expect.any(String),
    });
    await expect(
      runNtmEvalCommand([...common, '--llm', 'none', '--out', out], { progress: quiet }),
    ).rejects.toThrow(/holds rows of another run/);
  });

  it('chooses settings by k-fold cross-validation with --folds (dialogues held out in turn)', async () => {
    const { result } = await runEvalCommand([...common, '--llm', 'none', '--folds', '2'], {
      progress: quiet,
    });
    const cv = (result as unknown as { cv: { k: number; candidates: number; folds: unknown[] } })
      .cv;
    expect(cv.k).toBe(2);
    expect(cv.candidates).toBeGreaterThan(1);
    expect(cv.folds).toHaveLength(2);
    const plain = await runNtmEvalCommand(
      [...common.slice(0, -1), '--llm', 'none', '--folds', '2'],
      {
        progress: quiet,
      },
    );
    expect(plain.text).toMatch(/^Dataset: ntm {3}2-fold cross-validation/);
    expect(plain.text).toContain('chosen on all folds: word weight');
    await expect(
      runNtmEvalCommand([...common, '--llm', 'none', '--folds', '1'], { progress: quiet }),
    ).rejects.toThrow(/--folds must be at least 2/);
    await expect(
      runNtmEvalCommand([...common, '--llm', 'scripted', '--folds', '2'], { progress: quiet }),
    ).rejects.toThrow(/--llm none/);
    await expect(
      runNtmEvalCommand([...common, '--llm', 'none', '--folds', '3'], { progress: quiet }),
    ).rejects.toThrow(/needs at least 3 dialogues/);
  });

  it('rejects options that make no sense on NTM with actionable messages', async () => {
    await expect(
      runNtmEvalCommand([...common, '--llm', 'oracle'], { progress: quiet }),
    ).rejects.toThrow(/--llm oracle has no meaning on NTM/);
    await expect(
      runNtmEvalCommand([...common, '--method', 'bm25'], { progress: quiet }),
    ).rejects.toThrow(/--method must be one of context-agent/);
    await expect(
      runNtmEvalCommand([...common, '--branch-threshold', '3'], { progress: quiet }),
    ).rejects.toThrow(/branchThreshold is a cosine/);
  });
});

/** Five dialogues of different trips, so that a row out of place shows. */
const trips = join(dir, 'ntm-trips.jsonl');
writeFileSync(
  trips,
  (
    [
      ['oslo', 'Oslo', 'Norway', 5, 2000, 'a fjord cruise'],
      ['rome', 'Rome', 'Italy', 3, 1500, 'a Vatican tour'],
      ['kyoto', 'Kyoto', 'Japan', 7, 3000, 'a tea ceremony'],
      ['lima', 'Lima', 'Peru', 6, 1800, 'a cooking class'],
      ['cairo', 'Cairo', 'Egypt', 4, 1200, 'a Nile dinner cruise'],
    ] as const
  )
    .map(([id, city, country, days, budget, extra]) =>
      JSON.stringify({
        conversation_id: id,
        metadata: { rounds: '4' },
        user_turns: [
          {
            turn_id: 1,
            content: `Plan a trip to ${city} for ${days} days with a budget of ${budget} euros.`,
          },
          { turn_id: 2, content: `How warm is ${country} in spring?` },
          {
            turn_id: 3,
            content: `Make the ${city} trip ${days - 1} days instead, and add ${extra}.`,
          },
          { turn_id: 4, content: 'What is the final trip plan?' },
        ],
        checkpoint_question: `Does the plan include (1) ${days - 1} days in ${city}, (2) a ${budget} euros budget and (3) ${extra}?`,
      }),
    )
    .join('\n') + '\n',
);

describe('grove eval --dataset ntm against a server (--concurrency, --cache, --max-attempts)', () => {
  let server: FakeTaskLlmServer;
  beforeAll(async () => {
    // Replies take 15 ms, so calls made together are served together (the peak shows the limit).
    server = await startFakeTaskLlmServer({ latencyMs: 15 });
  });
  afterAll(() => server.close());

  const served = (args: string[], progress: ProgressStream = quiet) =>
    runNtmEvalCommand(
      [
        '--dataset',
        'ntm',
        '--file',
        trips,
        '--embedder',
        'hash',
        '--llm',
        server.spec('rules'),
        ...args,
      ],
      { progress },
    );
  const rowsOf = (path: string) =>
    readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('gives the rows and figures of a one-at-a-time run at --concurrency 3, never more than 3 calls in flight', async () => {
    const one = join(dir, 'served-one.jsonl');
    const three = join(dir, 'served-three.jsonl');
    server.resetPeak();
    const sequential = await served(['--no-cache', '--out', one]);
    expect(server.peakConcurrent()).toBe(1);
    server.resetPeak();
    const lines: string[] = [];
    const concurrent = await served(['--no-cache', '--concurrency', '3', '--out', three], {
      write: (text: string) => lines.push(text),
      isTTY: false,
    });
    expect(server.peakConcurrent()).toBeGreaterThan(1);
    expect(server.peakConcurrent()).toBeLessThanOrEqual(3);
    expect(rowsOf(three)).toEqual(rowsOf(one));
    expect(rowsOf(one).map((r) => r.conversation_id)).toEqual([
      'ntm-oslo',
      'ntm-rome',
      'ntm-kyoto',
      'ntm-lima',
      'ntm-cairo',
    ]);
    expect(sequential.result.task_completion).not.toBeNull();
    expect(concurrent.result).toEqual({ ...sequential.result, notes: concurrent.result.notes });
    expect(concurrent.result.notes).toContainEqual(
      expect.stringMatching(/^concurrency 3: dialogues/),
    );
    // Progress as the other datasets show it: done/total, rate, and at the end the time taken.
    expect(lines.at(-1)).toMatch(/^eval ntm: 5\/5 \(100%\) · [\d.]+\/s · took \d+ s\n$/);
  });

  it('caches every reply: a re-run over the warm cache asks the server nothing', async () => {
    const cache = join(dir, 'llm-cache');
    const first = await served(['--cache', cache, '--concurrency', '2']);
    const fetched = server.requests();
    expect(first.result.notes.join('\n')).toMatch(
      /cache .*llm-cache: 0 replies read back, \d+ fetched/,
    );
    const again = await served(['--cache', cache, '--concurrency', '2']);
    expect(server.requests()).toBe(fetched);
    expect(again.result.notes.join('\n')).toMatch(/\d+ replies read back, 0 fetched/);
    expect(again.result).toEqual({ ...first.result, notes: again.result.notes });
  });

  it('retries a busy server up to --max-attempts, then stops rather than score its failure', async () => {
    const out = join(dir, 'busy.jsonl');
    server.failNext(1);
    await expect(
      served(['--no-cache', '--limit', '1', '--max-attempts', '1', '--out', out]),
    ).rejects.toThrow(
      /^stopped: the LLM server never answered.*503.*the rows done are in .*busy\.jsonl: run the same command again/,
    );
    server.failNext(1);
    const retried = await served([
      '--no-cache',
      '--limit',
      '1',
      '--max-attempts',
      '2',
      '--out',
      out,
    ]);
    expect(retried.result.conversations).toBe(1);
    expect(rowsOf(out)).toHaveLength(1);
  });

  it('records a dialogue whose model call failed once the server has answered, and retries it on resume', async () => {
    const out = join(dir, 'dialogue-failed.jsonl');
    const args = ['--no-cache', '--limit', '2', '--max-attempts', '1', '--out', out];
    // Every call of the first dialogue is answered; the second dialogue's fail.
    const before = server.requests();
    await served(['--no-cache', '--limit', '1']);
    server.failAfter(server.requests() - before);
    const first = await served(args);
    server.failNext(0);
    expect(first.result).toMatchObject({ conversations: 1, failed_questions: 1 });
    expect(first.result.notes.join('\n')).toMatch(
      /1 dialogue failed .*503.*run the same command again/,
    );
    const stored = rowsOf(out);
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({ error: expect.stringMatching(/503/) });
    const second = await served(args);
    expect(second.result).toMatchObject({ conversations: 2, failed_questions: 0 });
    expect(rowsOf(out)).toHaveLength(3);
  });

  it('refuses serving options that would do nothing', async () => {
    await expect(
      runNtmEvalCommand([...common, '--llm', 'none', '--cache', join(dir, 'c')], {
        progress: quiet,
      }),
    ).rejects.toThrow(/--cache applies to an LLM server only/);
    await expect(
      runNtmEvalCommand([...common, '--llm', 'scripted', '--max-attempts', '2'], {
        progress: quiet,
      }),
    ).rejects.toThrow(/--max-attempts applies to an LLM server only/);
    await expect(
      runNtmEvalCommand([...common, '--concurrency', '0'], { progress: quiet }),
    ).rejects.toThrow(/--concurrency must be at least 1/);
    // --concurrency alone runs the dialogues at once, LLM or not (scripted: the test fake).
    const plain = await runNtmEvalCommand([...common, '--llm', 'scripted'], { progress: quiet });
    const together = await runNtmEvalCommand(
      [...common, '--llm', 'scripted', '--concurrency', '2'],
      {
        progress: quiet,
      },
    );
    expect(together.result).toEqual({ ...plain.result, notes: together.result.notes });
  });
});
