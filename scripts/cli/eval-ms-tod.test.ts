import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msTodFixtureText } from '../../src/engine/eval/ms-tod-fixture.test-support.ts';
import { SGD_FIXTURE } from '../../src/engine/task-memory/fixtures.test-support.ts';
import { UsageError } from './args.ts';
import { runEvalCommand } from './eval-command.ts';
import { isMsTodTaskMemoryRun, runMsTodCommand, type MsTodSummary } from './eval-ms-tod.ts';
import {
  startFakeTaskLlmServer,
  type FakeTaskLlmServer,
} from './fake-task-llm-server.test-support.ts';

const root = mkdtempSync(join(tmpdir(), 'grove-mstod-'));
const data = join(root, 'ms-tod');
mkdirSync(data);
mkdirSync(join(root, 'sgd'));
writeFileSync(join(data, 'persona_7.json'), msTodFixtureText());
writeFileSync(join(root, 'sgd', 'schema_train.json'), JSON.stringify(SGD_FIXTURE));
const quiet = { write: () => true, isTTY: false };
const common = ['--dataset', 'ms-tod', '--file', data, '--embedder', 'hash', '--json'];

describe('grove eval --dataset ms-tod (task memory)', () => {
  it('routes only the task-memory methods on MS-TOD', () => {
    expect(isMsTodTaskMemoryRun(['--dataset', 'ms-tod', '--method', 'map-embedding'])).toBe(true);
    expect(isMsTodTaskMemoryRun(['--dataset=ms-tod', '--method=bm25'])).toBe(true);
    expect(isMsTodTaskMemoryRun(['--dataset', 'locomo', '--method', 'bm25'])).toBe(false);
    expect(isMsTodTaskMemoryRun(['--dataset', 'ms-tod', '--method', 'tacitree-llm'])).toBe(false);
  });

  it('prints the summary with recall_at_k, k and Recall@1/3/5/10 for each method', async () => {
    for (const method of ['map-embedding', 'map-embedding-nojudge', 'bm25']) {
      const { json, result, text } = await runEvalCommand(
        [...common, '--method', method, '--k', '5'],
        {
          progress: quiet,
        },
      );
      expect(json).toBe(true);
      expect(result).toMatchObject({
        dataset: 'ms-tod',
        method,
        k: 5,
        questions: 2,
        recall_at_k: 1,
      });
      expect(Object.keys((result as unknown as { recall_at: object }).recall_at)).toEqual([
        '1',
        '3',
        '5',
        '10',
      ]);
      expect(result.embedder).toContain('TEST MODE');
      expect(text).toContain('Recall@k: @1');
    }
  });

  it('takes α and an explicit schema folder, and says what is wrong with bad options', async () => {
    const { result } = await runEvalCommand(
      [...common, '--method', 'map-embedding', '--alpha', '0.2', '--sgd', join(root, 'sgd')],
      { progress: quiet },
    );
    expect(result).toMatchObject({ alpha: 0.2 });
    expect(result.judge).toContain('alpha 0.2');
    await expect(runEvalCommand([...common, '--method', 'bm25', '--alpha', '2'])).rejects.toThrow(
      UsageError,
    );
    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--max-turns', '3'], { progress: quiet }),
    ).rejects.toThrow(/needs an LLM/);
    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--llm', 'oracle'], { progress: quiet }),
    ).rejects.toThrow(UsageError);
    await expect(
      runEvalCommand([...common, '--method', 'bm25', '--sgd', join(root, 'nowhere')]),
    ).rejects.toThrow(/No SGD schemas/);
  });
});

const DIALOGUE_FIELDS = [
  'slot_accuracy',
  'slot_accuracy_no_memory',
  'turns_to_completion_mean',
  'turns_to_completion_no_memory_mean',
  'completion_rate',
  'completion_rate_no_memory',
  'max_turns',
];

const dialogueRun = async (args: string[]): Promise<MsTodSummary> =>
  (await runMsTodCommand([...common, '--method', 'map-embedding', ...args], { progress: quiet }))
    .result;

describe('grove eval --dataset ms-tod with an LLM (confirmation dialogue)', () => {
  let server: FakeTaskLlmServer;
  beforeAll(async () => {
    server = await startFakeTaskLlmServer();
  });
  afterAll(() => server.close());

  it('adds nothing to the recall-only run with --llm none', async () => {
    const result = await dialogueRun([]);
    for (const field of DIALOGUE_FIELDS) expect(result).not.toHaveProperty(field);
    expect(result.llm).toBe('none (extractive task memory)');
    expect(result.judge).toContain('embedding judge');
  });

  it('scores the dialogue with --llm scripted (test mode): memory gives more slots, fewer turns', async () => {
    const { result, text } = await runMsTodCommand(
      [...common, '--method', 'map-embedding', '--llm', 'scripted'],
      { progress: quiet },
    );
    expect(result).toMatchObject({ questions: 2, dialogues: 2, max_turns: 5 });
    expect(result.llm).toContain('TEST MODE');
    expect(result.judge).toMatch(/^LLM judge .*TEST MODE/);
    expect(result.slot_accuracy).toBeGreaterThan(result.slot_accuracy_no_memory ?? 1);
    expect(result.turns_to_completion_mean).toBeLessThan(
      result.turns_to_completion_no_memory_mean ?? 0,
    );
    expect(result.completion_rate).toBe(1);
    expect(result.llm_calls_mean).toBeGreaterThan(0);
    expect(text).toContain('Slot accuracy:');
    expect(text).toContain('LLM: scripted (TEST MODE');
    // One slot per user turn: memory's advantage in turns grows (it leaves fewer slots to ask).
    const slow = await dialogueRun(['--llm', 'scripted', '--user-slots-per-turn', '1']);
    expect(slow.turns_to_completion_no_memory_mean).toBeGreaterThan(
      result.turns_to_completion_no_memory_mean ?? Infinity,
    );
    expect(slow.user_slots_per_turn).toBe(1);
  });

  it('runs over an OpenAI-compatible endpoint, labelled as leaving the device', async () => {
    const before = server.requests();
    const result = await dialogueRun(['--llm', server.spec('rules'), '--no-cache']);
    expect(server.requests()).toBeGreaterThan(before);
    expect(result.llm).toContain('LEAVES THIS DEVICE');
    expect(result.turns_to_completion_mean).toBeLessThan(
      result.turns_to_completion_no_memory_mean ?? 0,
    );
    const scripted = await dialogueRun(['--llm', 'scripted']);
    expect(result.slot_accuracy).toBe(scripted.slot_accuracy);
  });

  it('survives a model whose every reply is malformed: nothing stated, capped dialogues', async () => {
    const result = await dialogueRun([
      '--llm',
      server.spec('garbled'),
      '--no-cache',
      '--max-turns',
      '2',
    ]);
    expect(result).toMatchObject({
      dialogues: 2,
      slot_accuracy: 0,
      slot_accuracy_no_memory: 0,
      turns_to_completion_mean: 2,
      completion_rate: 0,
    });
  });

  it('writes one row per question to --out and resumes without calling the model again', async () => {
    const out = join(root, 'dialogue-rows.jsonl');
    const args = ['--llm', server.spec('rules'), '--no-cache', '--out', out];
    const first = await dialogueRun([...args, '--limit', '1']);
    expect(first.dialogues).toBe(1);
    const before = server.requests();
    const second = await dialogueRun([...args, '--limit', '1']);
    expect(server.requests()).toBe(before);
    expect(second.slot_accuracy).toBe(first.slot_accuracy);
    const all = await dialogueRun(args);
    expect(all.dialogues).toBe(2);
    expect(all.notes.some((n) => n.startsWith('resumed: 1 rows'))).toBe(true);
    const rows = readFileSync(out, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[0] ?? '{}')).toMatchObject({
      run: { dataset: 'ms-tod', max_turns: 5 },
      dialogue: { with_memory: { complete: true } },
    });
    await expect(dialogueRun([...args, '--max-turns', '3'])).rejects.toThrow(
      /holds rows of another run/,
    );
  });
});

/** Four personas of different content (songs, restaurants), so that a row out of place shows. */
const many = join(root, 'ms-tod-many');
mkdirSync(many);
for (const [id, song, restaurant] of [
  [7, 'Black Widow', 'Bluefin'],
  [8, 'Blue Moon', 'Nopa'],
  [9, 'Hey Jude', 'Zuni Cafe'],
  [10, 'Drive Slow', 'Delfina'],
] as const)
  writeFileSync(
    join(many, `persona_${id}.json`),
    msTodFixtureText()
      .replaceAll('Black Widow', song)
      .replaceAll('Bluefin', restaurant)
      .replace('"persona_id":7', `"persona_id":${id}`),
  );

describe('grove eval --dataset ms-tod against a server (--concurrency, --cache, --max-attempts)', () => {
  let server: FakeTaskLlmServer;
  beforeAll(async () => {
    // Replies take 15 ms, so calls made together are served together (the peak shows the limit).
    server = await startFakeTaskLlmServer({ latencyMs: 15 });
  });
  afterAll(() => server.close());

  const served = (args: string[]) =>
    runMsTodCommand(
      [
        ...['--dataset', 'ms-tod', '--file', many, '--embedder', 'hash', '--json'],
        ...['--method', 'map-embedding', '--llm', server.spec('rules'), ...args],
      ],
      { progress: quiet },
    );
  const untimedRows = (path: string) =>
    readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const { ms: _ms, ...row } = JSON.parse(line) as Record<string, unknown>;
        return row;
      });

  it('gives the rows and figures of a one-at-a-time run at --concurrency 3, never more than 3 calls in flight', async () => {
    const one = join(root, 'served-one.jsonl');
    const three = join(root, 'served-three.jsonl');
    server.resetPeak();
    const sequential = await served(['--no-cache', '--out', one]);
    expect(server.peakConcurrent()).toBe(1);
    server.resetPeak();
    const concurrent = await served(['--no-cache', '--concurrency', '3', '--out', three]);
    expect(server.peakConcurrent()).toBeGreaterThan(1);
    expect(server.peakConcurrent()).toBeLessThanOrEqual(3);
    expect(untimedRows(three)).toEqual(untimedRows(one));
    expect(untimedRows(one).map((r) => r.question_id)).toEqual([
      'persona-7#3',
      'persona-7#4',
      'persona-8#3',
      'persona-8#4',
      'persona-9#3',
      'persona-9#4',
      'persona-10#3',
      'persona-10#4',
    ]);
    expect(concurrent.result).toEqual({
      ...sequential.result,
      ms_per_query: concurrent.result.ms_per_query,
      notes: concurrent.result.notes,
    });
    expect(concurrent.result.notes).toContainEqual(expect.stringMatching(/^concurrency 3: /));
  });

  it('caches every reply: a re-run over the warm cache asks the server nothing', async () => {
    const cache = join(root, 'llm-cache');
    const first = await served(['--cache', cache, '--concurrency', '2']);
    const fetched = server.requests();
    expect(first.result.notes.join('\n')).toMatch(
      /cache .*llm-cache: 0 replies read back, \d+ fetched/,
    );
    const again = await served(['--cache', cache, '--concurrency', '2']);
    expect(server.requests()).toBe(fetched);
    expect(again.result.notes.join('\n')).toMatch(/\d+ replies read back, 0 fetched/);
    expect(again.result).toEqual({
      ...first.result,
      ms_per_query: again.result.ms_per_query,
      notes: again.result.notes,
    });
  });

  it('retries a busy server up to --max-attempts, then stops rather than score its failure', async () => {
    server.failNext(1);
    await expect(served(['--no-cache', '--limit', '1', '--max-attempts', '1'])).rejects.toThrow(
      /^stopped: the LLM server never answered, and a call still failed after its retries \(.*503.*\); pass --out/,
    );
    server.failNext(1);
    const retried = await served(['--no-cache', '--limit', '1', '--max-attempts', '2']);
    expect(retried.result.questions).toBe(1);
  });

  it('records a question whose model call failed once the server has answered, and retries it on resume', async () => {
    const out = join(root, 'judge-failed.jsonl');
    const args = ['--no-cache', '--limit', '2', '--max-attempts', '1', '--out', out];
    // Every call of the first question is answered; the second question's fail.
    const before = server.requests();
    await served(['--no-cache', '--limit', '1']);
    server.failAfter(server.requests() - before);
    const first = await served(args);
    server.failNext(0);
    expect(first.result).toMatchObject({ questions: 1, failed_questions: 1 });
    expect(first.result.notes.join('\n')).toMatch(
      /1 question failed .*503.*run the same command again/,
    );
    const stored = untimedRows(out);
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({
      question_id: 'persona-7#4',
      error: expect.stringMatching(/503/),
    });
    const second = await served(args);
    expect(second.result).toMatchObject({ questions: 2, failed_questions: 0 });
  });

  it('refuses serving options that would do nothing', async () => {
    const run = (args: string[]) =>
      runMsTodCommand([...common, '--method', 'bm25', ...args], { progress: quiet });
    await expect(run(['--cache', join(root, 'c')])).rejects.toThrow(
      /--cache applies to an LLM server only/,
    );
    await expect(run(['--llm', 'scripted', '--no-cache'])).rejects.toThrow(
      /--no-cache applies to an LLM server only/,
    );
    await expect(run(['--llm', 'scripted', '--max-attempts', '3'])).rejects.toThrow(UsageError);
    await expect(run(['--concurrency', '0'])).rejects.toThrow(/--concurrency must be at least 1/);
    // --concurrency alone runs the questions at once, LLM or not.
    const plain = await run([]);
    const together = await run(['--concurrency', '4']);
    expect(together.result.recall_at).toEqual(plain.result.recall_at);
  });
});
