import { describe, expect, it } from 'vitest';
import type { MethodRow, QuestionSummary } from '../../explorer-backend/explorer-protocol.ts';
import { methodMeans, rowRecallAt } from './all-questions.ts';

const row = (method: string, retrieved: string[], gold: string[], f1: number): MethodRow => ({
  method,
  label: method,
  retrievedSessions: retrieved,
  goldSessions: gold,
  precision: 0,
  recall: 0,
  f1,
  contextTokens: 0,
  llmCalls: 0,
  judgeTokens: 0,
  items: 0,
  ms: 0,
});
const q = (id: string): QuestionSummary => ({ id, question: id, evidenceSessions: [] });

describe('every question at once', () => {
  it('recall@5 reads the first five distinct retrieved sessions', () => {
    const r = row('m', ['a', 'b', 'c', 'd', 'e', 'g1'], ['g1', 'e'], 0);
    expect(rowRecallAt(r)).toBe(0.5);
    expect(rowRecallAt(r, 6)).toBe(1);
  });

  it("means each method's recall@5 and F1 over its questions, skipping errors", () => {
    const means = methodMeans([
      { question: q('1'), rows: [row('tree', ['g'], ['g'], 1), row('bm25', ['x'], ['g'], 0)] },
      {
        question: q('2'),
        rows: [row('tree', ['x'], ['g'], 0), { ...row('bm25', [], ['g'], 0), error: 'failed' }],
      },
    ]);
    expect(means).toEqual([
      { method: 'tree', label: 'tree', questions: 2, recallAt5: 0.5, f1: 0.5 },
      { method: 'bm25', label: 'bm25', questions: 1, recallAt5: 0, f1: 0 },
    ]);
  });
});
