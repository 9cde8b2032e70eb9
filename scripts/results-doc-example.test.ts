import { describe, expect, it } from 'vitest';
import type { EvalRow } from '../src/engine/eval/run-eval.ts';
import { exampleSection } from './results-doc-example.ts';

const row = (question: string, category: string, gold: string[], retrieved: string[]): EvalRow => ({
  question_id: question,
  conversation: 'c',
  question,
  category,
  gold_sessions: gold,
  retrieved_sessions: retrieved,
  recall_at_k: null,
  recall_set: null,
  retrieval_f1: null,
  set_size: 0,
  context_tokens: 0,
  llm_calls: 0,
  judge_tokens: 0,
  brute_force_calls: 0,
  ms: 0,
  answer: null,
  correct: null,
});

describe('the built-in example section of the results doc', () => {
  it('marks ground truth among the first five and lists supportive misses', () => {
    const lines = exampleSection(
      [
        row(
          'Dutch oven?',
          'supportive',
          ['c/S1', 'c/S9'],
          ['c/S3', 'c/S1', 'c/S4', 'c/S5', 'c/S6', 'c/S9'],
        ),
        row(
          'Birdwatching?',
          'supportive',
          ['c/S18'],
          ['c/S2', 'c/S3', 'c/S4', 'c/S5', 'c/S6', 'c/S18'],
        ),
        row('Saturday?', 'opposed', ['c/S7'], ['c/S8']),
      ],
      'grove eval',
    );
    expect(lines).toContain('| Dutch oven? | supportive | S1, S9 | S3, **S1**, S4, S5, S6 | 1/2 |');
    expect(lines).toContain('| Saturday? | opposed | S7 | S8 | 0/1 |');
    // Only the supportive miss is listed, with where its ground truth ranked in the whole set.
    expect(lines.filter((l) => l.startsWith('- '))).toEqual([
      '- Birdwatching? (ground truth S18; in the whole set: S18)',
    ]);
  });

  it('says so when every supportive question finds ground truth', () => {
    const lines = exampleSection([row('Q?', 'supportive', ['c/S1'], ['c/S1'])], 'grove eval');
    expect(lines).toContain(
      'Every supportive question finds at least one of its ground-truth sessions in the first five.',
    );
  });
});
