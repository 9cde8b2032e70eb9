import { describe, expect, it } from 'vitest';
import type { RetrievalResult, RetrievedItem } from '../retrieval.ts';
import { asSessionId } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';
import {
  aggregateMetrics,
  contextTokens,
  recallAtK,
  retrievalF1,
  retrievedSessionIds,
  scoreRetrieval,
  setScores,
  type QuestionMetrics,
} from './metrics.ts';

const sid = (...ids: string[]) => ids.map(asSessionId);
const item = (id: string, sessions: string[], text = `text ${id}`): RetrievedItem => ({
  id,
  text,
  sessionIds: sid(...sessions),
});

describe('setScores / retrievalF1 (paper eq. 4)', () => {
  it('computes 2|Cr∩Cg| / (|Cr|+|Cg|), precision and recall', () => {
    // Cr = {a, b, c}, Cg = {b, c, d, e}: overlap 2 → F1 = 4/7, P = 2/3, R = 2/4.
    const s = setScores(['a', 'b', 'c'], ['b', 'c', 'd', 'e']);
    expect(s.f1).toBeCloseTo(4 / 7, 12);
    expect(s.precision).toBeCloseTo(2 / 3, 12);
    expect(s.recall).toBeCloseTo(0.5, 12);
    expect(retrievalF1(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toBeCloseTo(4 / 7, 12);
  });

  it('counts duplicates in the retrieved list once', () => {
    // Cr = {a, b} (a three times), Cg = {a}: F1 = 2/3, P = 1/2, R = 1.
    const s = setScores(['a', 'a', 'b', 'a'], ['a']);
    expect(s).toEqual({ precision: 0.5, recall: 1, f1: 2 / 3 });
  });

  it('defines the empty cases: both empty → 1, one empty → 0', () => {
    expect(setScores([], [])).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(setScores([], ['a'])).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(setScores(['a'], [])).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('is 1 for identical sets and 0 for disjoint ones', () => {
    expect(retrievalF1(['b', 'a'], ['a', 'b'])).toBe(1);
    expect(retrievalF1(['a'], ['b'])).toBe(0);
  });
});

describe('recallAtK', () => {
  it('is the share of gold units among the first k distinct units', () => {
    const ranked = ['a', 'x', 'b', 'y', 'c'];
    const gold = ['a', 'b', 'c'];
    expect(recallAtK(ranked, gold, 1)).toBeCloseTo(1 / 3, 12);
    expect(recallAtK(ranked, gold, 2)).toBeCloseTo(1 / 3, 12);
    expect(recallAtK(ranked, gold, 3)).toBeCloseTo(2 / 3, 12);
    expect(recallAtK(ranked, gold, 5)).toBe(1);
  });

  it('does not spend ranks on repeated units', () => {
    // Distinct order: a, x, b → b is within the top 3 although it sits at position 5.
    expect(recallAtK(['a', 'a', 'x', 'a', 'b'], ['a', 'b'], 3)).toBe(1);
    expect(recallAtK(['a', 'a', 'x', 'a', 'b'], ['a', 'b'], 2)).toBe(0.5);
  });

  it('uses the whole list when k is larger than it', () => {
    expect(recallAtK(['a', 'x'], ['a', 'b'], 10)).toBe(0.5);
  });

  it('handles empty gold and k = 0, and rejects a bad k', () => {
    expect(recallAtK([], [], 3)).toBe(1);
    expect(recallAtK(['a'], [], 3)).toBe(0);
    expect(recallAtK(['a'], ['a'], 0)).toBe(0);
    expect(() => recallAtK(['a'], ['a'], -1)).toThrow(RangeError);
    expect(() => recallAtK(['a'], ['a'], 1.5)).toThrow(RangeError);
  });
});

describe('retrieved sessions and context tokens', () => {
  it('lists distinct sessions in rank order', () => {
    const items = [item('f1', ['s2']), item('f2', ['s1', 's2']), item('f3', ['s3'])];
    expect(retrievedSessionIds(items)).toEqual(sid('s2', 's1', 's3'));
  });

  it('sums the tokens of item texts with the given tokenizer', () => {
    const items = [item('a', [], 'one two three'), item('b', [], 'four')];
    expect(contextTokens(items)).toBe(approximateTokenizer.count('one two three') + 1);
    expect(contextTokens(items, { count: (t) => t.length })).toBe(13 + 4);
    expect(contextTokens([])).toBe(0);
  });
});

describe('scoreRetrieval and aggregateMetrics', () => {
  const result = (items: RetrievedItem[], llmCalls: number, tokens: number): RetrievalResult => ({
    items,
    contextTokens: tokens,
    llmCalls,
    judgeTokens: llmCalls * 100,
    events: [],
  });

  it('scores one question by its sessions', () => {
    // Sessions retrieved: s1, s2 (s1 twice); gold s1, s3 → overlap 1: F1 = 2/4.
    const r = result([item('f1', ['s1']), item('f2', ['s2']), item('f3', ['s1'])], 3, 42);
    const m = scoreRetrieval(r, sid('s1', 's3'), { ks: [1, 5] });
    expect(m).toEqual({
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
      recallAtK: { 1: 0.5, 5: 0.5 },
      contextTokens: 42,
      llmCalls: 3,
      judgeTokens: 300,
    });
  });

  it('averages per-question metrics and totals LLM calls', () => {
    const q1 = scoreRetrieval(result([item('a', ['s1'])], 2, 10), sid('s1'), { ks: [1, 3] });
    const q2 = scoreRetrieval(result([item('b', ['s2'])], 4, 30), sid('s1'), { ks: [1] });
    const agg = aggregateMetrics([q1, q2]);
    expect(agg).toEqual({
      questions: 2,
      meanPrecision: 0.5,
      meanRecall: 0.5,
      meanF1: 0.5,
      meanRecallAtK: { 1: 0.5 }, // k = 3 was not reported for every question
      meanContextTokens: 20,
      meanJudgeTokens: 300,
      totalLlmCalls: 6,
      meanLlmCalls: 3,
    });
  });

  it('gives zeros for no questions', () => {
    const none: QuestionMetrics[] = [];
    expect(aggregateMetrics(none)).toMatchObject({
      questions: 0,
      meanF1: 0,
      totalLlmCalls: 0,
      meanContextTokens: 0,
    });
  });
});
