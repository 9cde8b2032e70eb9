import { describe, expect, it } from 'vitest';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { LlmCallError } from '../errors.ts';
import {
  FAILED_JUDGE_SCORE,
  createEmbeddingJudge,
  createLlmJudge,
  type JudgeRequest,
} from './judge.ts';

const request: JudgeRequest = {
  context: 'user: Can you play Black Widow again?',
  missing: ['What is the playback device?'],
  candidates: [
    {
      id: 'a',
      question: 'Which device should I play it on?',
      answer: 'The bedroom speaker device.',
    },
    {
      id: 'b',
      question: 'How many people will be in your party?',
      answer: 'There will be 4 of us.',
    },
  ],
};

describe('LLM judge', () => {
  it('scores each pair through the task-judge prompt', async () => {
    const llm = new ScriptedLlm();
    const outcome = await createLlmJudge({ llm }).judge(request);
    expect(outcome.verdicts.get('a')).toEqual({
      score: 1,
      answers: 'What is the playback device?',
    });
    expect(outcome.verdicts.get('b')).toEqual({ score: 0 });
    expect(outcome.llmCalls).toBe(1);
    expect(outcome.failures).toEqual([]);
    const prompt = llm.callsFor('task-judge')[0]?.prompt ?? '';
    expect(prompt).toContain('### MISSING\nWhat is the playback device?');
    expect(prompt).toContain(
      '[b] Q: How many people will be in your party? A: There will be 4 of us.',
    );
  });

  it('gives every pair of a malformed reply the failed score and reports it', async () => {
    const llm = new ScriptedLlm({
      responses: { 'task-judge': ['not json', '{"scores": "high"}', '{"oops": 1}'] },
    });
    const outcome = await createLlmJudge({ llm }).judge(request);
    expect(FAILED_JUDGE_SCORE).toBe(0);
    expect(outcome.verdicts.get('a')?.score).toBe(FAILED_JUDGE_SCORE);
    expect(outcome.verdicts.get('b')?.score).toBe(FAILED_JUDGE_SCORE);
    expect(outcome.llmCalls).toBe(3);
    expect(outcome.failures[0]).toMatch(/could not be used after 3 attempts/);
  });

  it('clamps scores, accepts a bare array and booleans, and fills in left-out pairs', async () => {
    const llm = new ScriptedLlm({
      responses: {
        'task-judge': [
          '[{"id": "a", "score": 7}, {"id": "zz", "score": 1}]',
          '{"scores": [{"id": "b", "score": true}]}',
        ],
      },
    });
    const outcome = await createLlmJudge({ llm }).judge(request);
    expect(outcome.verdicts.get('a')?.score).toBe(1);
    expect(outcome.verdicts.get('b')?.score).toBe(FAILED_JUDGE_SCORE);
    expect(outcome.verdicts.has('zz')).toBe(false);
    expect(outcome.failures).toEqual(['the judge left out b; scored 0']);
    const second = await createLlmJudge({ llm }).judge(request);
    expect(second.verdicts.get('b')?.score).toBe(1);
  });

  it('batches the pairs', async () => {
    const llm = new ScriptedLlm();
    const outcome = await createLlmJudge({ llm, batchSize: 1 }).judge(request);
    expect(outcome.llmCalls).toBe(2);
    expect(llm.callsFor('task-judge')).toHaveLength(2);
  });

  it('throws a failing model call (LlmCallError): a failed call is no score at all', async () => {
    const llm = new ScriptedLlm({ responses: { 'task-judge': [new Error('model crashed')] } });
    const failure = await createLlmJudge({ llm })
      .judge(request)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmCallError);
    expect((failure as Error).message).toMatch(/model crashed/);
  });
});

describe('embedding judge (no LLM)', () => {
  it('prefers the pair answering the missing slot for this context, scores in [0, 1]', async () => {
    const judge = createEmbeddingJudge({ embedder: new HashEmbedder() });
    const outcome = await judge.judge(request);
    const a = outcome.verdicts.get('a');
    const b = outcome.verdicts.get('b');
    expect(a?.score).toBe(1);
    expect(b?.score).toBe(0);
    expect(a?.answers).toBe('What is the playback device?');
    expect(outcome.llmCalls).toBe(0);
  });

  it('can leave raw cosines unscaled and copes with no missing questions', async () => {
    const judge = createEmbeddingJudge({
      embedder: new HashEmbedder(),
      scale: false,
      contextMatch: 'whole',
    });
    const outcome = await judge.judge({ ...request, missing: [] });
    for (const v of outcome.verdicts.values()) {
      expect(v.score).toBeGreaterThanOrEqual(0);
      expect(v.score).toBeLessThanOrEqual(1);
      expect(v.answers).toBeUndefined();
    }
    expect(outcome.verdicts.get('a')?.score).toBeGreaterThan(outcome.verdicts.get('b')?.score ?? 1);
  });
});
