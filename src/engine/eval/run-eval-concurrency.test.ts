/**
 * runEval with questions (and builds) running together: the rows are those of the sequential
 * run, handed out in question order; a question that fails is recorded in its place and done
 * again by the next run, never dropped.
 */
import { describe, expect, it } from 'vitest';
import { limitedLlm } from '../concurrency/limited-llm.ts';
import { outOfOrderLlm } from '../concurrency/out-of-order-llm.test-support.ts';
import { syntheticLocomo } from '../datasets/fixtures.test-support.ts';
import { parseLocomo } from '../datasets/locomo.ts';
import type { LlmPort } from '../ports.ts';
import { HashEmbedder } from '../testing/index.ts';
import { JUDGE_ANSWER_PURPOSE } from './answer-check.ts';
import type { EvalMethod } from './methods.ts';
import { runEval, type EvalRow, type FailedRow } from './run-eval.ts';

const embedder = new HashEmbedder();
const dataset = parseLocomo(
  JSON.stringify([
    syntheticLocomo(10, 'conv-a'),
    syntheticLocomo(4, 'conv-b'),
    syntheticLocomo(8, 'conv-c'),
  ]),
  'three.json',
);
const judgeRule = { [JUDGE_ANSWER_PURPOSE]: (p: string) => (/lessons/.test(p) ? 'yes' : 'no') };

/** Rows without their timing, which differs run to run. */
const untimed = (rows: readonly EvalRow[]) => rows.map(({ ms: _ms, ...row }) => row);

async function run(method: EvalMethod, llm: LlmPort, concurrency?: number) {
  const handedOut: string[] = [];
  const result = await runEval({
    dataset,
    method,
    mode: { kind: 'llm', llm },
    memoryLlm: llm,
    answerLlm: llm,
    embedder,
    k: 5,
    seed: 42,
    ...(concurrency ? { concurrency } : {}),
    onRow: (row) => void handedOut.push(row.question_id),
  });
  return { ...result, handedOut };
}

describe('runEval, concurrently', () => {
  for (const method of ['rag-summary', 'tacitree-llm'] as const) {
    it(`${method}: the same rows as the sequential run, in question order, N calls at most`, async () => {
      const sequential = outOfOrderLlm({ rules: judgeRule });
      const expected = await run(method, sequential.llm);
      const concurrent = outOfOrderLlm({ rules: judgeRule });
      const actual = await run(method, limitedLlm(concurrent.llm, 6), 6);
      const order = dataset.conversations.flatMap((c) => c.questions.map((q) => q.id));
      expect(actual.handedOut).toEqual(order);
      expect(untimed(actual.rows)).toEqual(untimed(expected.rows));
      expect(actual.failed).toEqual([]);
      expect(concurrent.calls()).toBe(sequential.calls());
      expect(sequential.peak()).toBe(1);
      expect(concurrent.peak()).toBeGreaterThan(1);
      expect(concurrent.peak()).toBeLessThanOrEqual(6);
    });
  }

  it('records a failed question in its place, and the next run does it again', async () => {
    // The server is down for one question's answer: every attempt fails.
    let down = true;
    const scripted = outOfOrderLlm({ rules: judgeRule });
    const llm: LlmPort = {
      ...scripted.llm,
      complete: (request) =>
        down &&
        request.purpose === 'answer' &&
        request.messages.some((m) => /weekend with chess/.test(m.content))
          ? Promise.reject(new Error('HTTP 503 (gave up after 6 attempts)'))
          : scripted.llm.complete(request),
    };
    const records: (EvalRow | FailedRow)[] = [];
    const first = await runEval({
      dataset,
      method: 'flat-facts',
      mode: { kind: 'llm', llm },
      memoryLlm: llm,
      answerLlm: llm,
      embedder,
      k: 5,
      seed: 42,
      concurrency: 4,
      onRow: (row) => void records.push(row),
      onFailure: (failure) => void records.push(failure),
    });
    const all = dataset.conversations.flatMap((c) => c.questions.map((q) => q.id));
    expect(records.map((r) => r.question_id)).toEqual(all);
    expect(first.failed.length).toBeGreaterThan(0);
    expect(first.failed.length + first.rows.length).toBe(all.length);
    for (const failure of first.failed) {
      expect(failure.question).toMatch(/weekend with chess/);
      expect(failure.error).toBe('HTTP 503 (gave up after 6 attempts)');
    }

    // The next run skips the questions done and does the failed ones again.
    down = false;
    const second = await runEval({
      dataset,
      method: 'flat-facts',
      mode: { kind: 'llm', llm },
      memoryLlm: llm,
      answerLlm: llm,
      embedder,
      k: 5,
      seed: 42,
      concurrency: 4,
      done: new Set(first.rows.map((r) => r.question_id)),
    });
    expect(second.failed).toEqual([]);
    expect(second.rows.map((r) => r.question_id)).toEqual(first.failed.map((f) => f.question_id));
  });

  it('cancels: an aborted run throws instead of recording failures', async () => {
    const controller = new AbortController();
    controller.abort();
    const { llm } = outOfOrderLlm();
    await expect(
      runEval({
        dataset,
        method: 'flat-facts',
        mode: { kind: 'llm', llm },
        memoryLlm: llm,
        embedder,
        k: 5,
        seed: 42,
        concurrency: 3,
        signal: controller.signal,
      }),
    ).rejects.toThrow(/cancelled|abort/i);
  });
});
