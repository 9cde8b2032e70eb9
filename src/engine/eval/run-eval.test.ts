import { describe, expect, it } from 'vitest';
import { LOCOMO_SAMPLE, syntheticLocomo } from '../datasets/fixtures.test-support.ts';
import { parseLocomo } from '../datasets/locomo.ts';
import { parseMsTod } from '../datasets/ms-tod.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { JUDGE_ANSWER_PURPOSE } from './answer-check.ts';
import type { EmbedderPort } from '../ports.ts';
import { DEFAULT_TREE_SETTINGS, EVAL_METHODS, type JudgeMode } from './methods.ts';
import { runEval, type MemoryCache } from './run-eval.ts';
import { summarise } from './summary.ts';

const embedder = new HashEmbedder();
const synthetic = parseLocomo(JSON.stringify([syntheticLocomo(30)]), 'syn.json');
const none: JudgeMode = { kind: 'none' };
const oracle: JudgeMode = { kind: 'oracle', noise: 0, seed: 1 };
const base = { embedder, k: 5, seed: 42 } as const;

describe('runEval', () => {
  it('runs every method over one memory built once per conversation', async () => {
    const dataset = parseLocomo(JSON.stringify([LOCOMO_SAMPLE]), 'small.json');
    const cache: MemoryCache = new Map();
    for (const method of EVAL_METHODS) {
      const { rows, selected } = await runEval({
        ...base,
        dataset,
        method,
        mode: none,
        memoryCache: cache,
      });
      expect(selected).toHaveLength(3);
      expect(rows.map((r) => r.question_id)).toEqual(['conv-x#0', 'conv-x#1', 'conv-x#2']);
      for (const row of rows) {
        expect(row.recall_at_k).toBeGreaterThanOrEqual(0);
        expect(row.recall_at_k).toBeLessThanOrEqual(1);
        expect(row.answer).toBeNull();
        expect(row.correct).toBeNull();
      }
    }
    expect(cache.size).toBe(1);
  });

  it('with the oracle, the tree keeps every gold session for far fewer calls than brute force', async () => {
    const cache: MemoryCache = new Map();
    const { rows } = await runEval({
      ...base,
      dataset: synthetic,
      method: 'tacitree-llm',
      mode: oracle,
      memoryCache: cache,
    });
    const summary = summarise(rows, {
      dataset: 'locomo',
      method: 'tacitree-llm',
      embedder: 'hash',
      llm: 'oracle',
      judge: 'oracle',
      k: 5,
      notes: [],
    });
    expect(summary.questions).toBe(30);
    expect(summary.recall_set).toBe(1);
    expect(summary.llm_calls_mean).toBeGreaterThan(0);
    expect(summary.llm_calls_mean).toBeLessThan(summary.brute_force_calls_mean / 2);
    const listwise = await runEval({
      ...base,
      dataset: synthetic,
      method: 'tacitree-listwise',
      mode: oracle,
      memoryCache: cache,
    });
    const listCalls = listwise.rows.reduce((n, r) => n + r.llm_calls, 0);
    expect(listCalls).toBeLessThan(rows.reduce((n, r) => n + r.llm_calls, 0));
  });

  it('ranks a retrieved set by cosine, so recall@k is defined for set-returning methods', async () => {
    const { rows } = await runEval({
      ...base,
      dataset: synthetic,
      method: 'tacitree-embedding',
      mode: none,
      k: 1,
    });
    const hits = rows.filter((r) => r.recall_at_k === 1).length;
    expect(hits).toBeGreaterThan(rows.length / 2);
    for (const r of rows) expect(r.retrieved_sessions.length).toBeGreaterThan(0);
  });

  it("ranks a hybrid-judged set by its judge's scores, without embedding the question again", async () => {
    const embedded: string[] = [];
    const counting: EmbedderPort = {
      id: embedder.id,
      dimension: embedder.dimension,
      embed: (texts, signal) => {
        embedded.push(...texts);
        return embedder.embed(texts, signal);
      },
    };
    const questions = synthetic.conversations[0]?.questions.slice(0, 3) ?? [];
    const timesAsked = () =>
      questions.map((q) => embedded.filter((text) => text === q.question).length);
    const cache: MemoryCache = new Map();
    const run = (judge: 'hybrid' | 'embedding') =>
      runEval({
        ...base,
        embedder: counting,
        dataset: synthetic,
        method: 'tacitree-embedding',
        mode: none,
        limit: 3,
        memoryCache: cache,
        tree: { ...DEFAULT_TREE_SETTINGS, judge },
      });
    const hybrid = await run('hybrid');
    expect(timesAsked()).toEqual([1, 1, 1]);
    for (const row of hybrid.rows) expect(row.retrieved_sessions.length).toBeGreaterThan(0);
    embedded.length = 0;
    await run('embedding');
    // The cosine-only judge scores no facts: the harness ranks its set by cosine (a second embedding).
    expect(timesAsked()).toEqual([2, 2, 2]);
  });

  it('skips done questions, honours --limit and reports progress up to the total', async () => {
    const seen: [number, number][] = [];
    const { rows, selected } = await runEval({
      ...base,
      dataset: synthetic,
      method: 'bm25',
      mode: none,
      limit: 4,
      done: new Set(['conv-syn#0', 'conv-syn#2']),
      onProgress: (d, t) => seen.push([d, t]),
    });
    expect(selected).toHaveLength(4);
    expect(rows.map((r) => r.question_id)).toEqual(['conv-syn#1', 'conv-syn#3']);
    expect(seen).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('answers and judges correctness when an LLM is given', async () => {
    const llm = new ScriptedLlm({
      rules: { [JUDGE_ANSWER_PURPOSE]: (p) => (/response is: .*lessons/.test(p) ? 'yes' : 'no') },
    });
    const { rows } = await runEval({
      ...base,
      dataset: synthetic,
      method: 'flat-facts',
      mode: { kind: 'llm', llm },
      answerLlm: llm,
      limit: 3,
    });
    expect(rows.every((r) => r.answer !== null && r.correct !== null)).toBe(true);
    expect(rows.some((r) => r.correct)).toBe(true);
    expect(llm.callsFor(JUDGE_ANSWER_PURPOSE)).toHaveLength(3);
  });

  it('only returns candidate sessions when the question limits them (MS-TOD)', async () => {
    const turn = (speaker: string, utterance: string) => ({ speaker, utterance });
    const session = (id: number, ref: string, confirm: boolean, text: string) => ({
      session_id: id,
      reference_dialogue_id: ref,
      exist_confirmation: confirm,
      turns: [turn('user', text), turn('assistant', 'Sure.')],
    });
    const persona = {
      persona_id: 1,
      sessions: [
        session(0, 'A', false, 'Book a table at an Italian restaurant in Paris.'),
        session(1, 'B', false, 'Play some jazz music in the kitchen.'),
        session(2, 'A', true, 'Book the Italian restaurant table in Paris now.'),
        session(3, 'C', false, 'Book a restaurant table in Paris for Italian food tomorrow.'),
      ],
    };
    const dataset = parseMsTod(JSON.stringify(persona), 'persona_1.json');
    for (const method of ['bm25', 'tacitree-embedding', 'flat-facts', 'flat-hybrid'] as const) {
      const { rows } = await runEval({ ...base, dataset, method, mode: none, k: 1 });
      // Never the asking session itself (S2) nor a later one (S3), though both match best.
      expect(rows[0]?.retrieved_sessions[0]).toBe('persona-1/S0');
      for (const s of rows[0]?.retrieved_sessions ?? [])
        expect(['persona-1/S0', 'persona-1/S1']).toContain(s);
      expect(rows[0]?.recall_at_k).toBe(1);
    }
  });

  it('leaves retrieval metrics null where the benchmark has no ground truth', async () => {
    const dataset = {
      dataset: 'ntm' as const,
      file: 'x',
      notes: [],
      conversations: [
        {
          id: 'n',
          sessions: [
            {
              id: 'n/S1' as never,
              turns: [
                {
                  id: 'n/S1:1' as never,
                  speaker: 'user' as const,
                  text: 'I want a laptop with 16GB of RAM.',
                },
              ],
            },
          ],
          questions: [{ id: 'n#final', question: 'Final laptop?', evidenceSessions: [] }],
        },
      ],
    };
    const { rows } = await runEval({ ...base, dataset, method: 'long-context', mode: none });
    expect(rows[0]).toMatchObject({ recall_at_k: null, recall_set: null, retrieval_f1: null });
    expect(rows[0]?.context_tokens).toBeGreaterThan(0);
    const summary = summarise(rows, {
      dataset: 'ntm',
      method: 'long-context',
      embedder: 'h',
      llm: 'none',
      judge: 'none',
      k: 5,
      notes: [],
    });
    expect(summary).toMatchObject({ recall_at_k: null, answer_accuracy: null, questions: 1 });
  });
});
