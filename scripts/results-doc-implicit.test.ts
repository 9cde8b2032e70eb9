import { describe, expect, it } from 'vitest';
import type { EvalRow } from '../src/engine/eval/run-eval.ts';
import { implicitSection, means, WALK } from './results-doc-implicit.ts';

const row = (category: string, recall: number, f1: number) =>
  ({ category, recall_at_k: recall, retrieval_f1: f1 }) as EvalRow;

describe('implicitSection', () => {
  const rows = (r: number, f: number) => [row('supportive', r, f), row('opposed', 0, 0)];
  const runs = [
    { file: 'implicit-dev', method: WALK, rows: rows(1, 0.5) },
    { file: 'implicit-dev', method: 'flat-facts', rows: rows(0.5, 0.6) },
  ];

  it('means per category, in %', () => {
    expect(means(runs[0]!.rows)).toEqual({ n: 2, recall: 50, f1: 25 });
    expect(means(runs[0]!.rows, 'supportive')).toEqual({ n: 1, recall: 100, f1: 50 });
  });

  it('a row per method with all / supportive / opposed, and a reading against the best baseline', () => {
    const md = implicitSection(runs, [], 'grove eval').join('\n');
    expect(md).toContain('| tacitree-embedding | 50.0 / 25.0 | 100.0 / 50.0 | 0.0 / 0.0 |');
    expect(md).toMatch(
      /recall@5 is 50.0, at least the best baseline's \(flat-facts 25.0\): \*\*met\*\*/,
    );
    expect(md).toMatch(/F1 25.0, below the best baseline's \(flat-facts 30.0\): \*\*not met\*\*/);
  });

  it('keeps every tried variant as a row', () => {
    const md = implicitSection(
      runs,
      [{ variant: 'v1', example: [1, 2], implicit: null, locomo: [3, 4], note: 'n' }],
      'x',
    ).join('\n');
    expect(md).toContain('| v1 | 1.0 / 2.0 | – | 3.0 / 4.0 | n |');
  });
});
