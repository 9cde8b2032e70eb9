import { describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { asNodeId } from '../../engine/types.ts';
import { summariseTraversal, walkShown } from './traversal-summary.ts';

const n = asNodeId;

describe('summariseTraversal', () => {
  it('lists kept and pruned nodes with the judge’s reasons and the totals', () => {
    const events: TraversalEvent[] = [
      { type: 'visit', node: n('a'), level: 1 },
      { type: 'visit', node: n('b'), level: 1 },
      { type: 'keep', node: n('a'), level: 1, reason: 'Shares oslo', tokens: 10, calls: 1 },
      { type: 'prune', node: n('b'), level: 1, reason: 'No overlap', tokens: 8, calls: 2 },
      { type: 'select', node: n('a'), level: 1 },
      { type: 'done', selected: 1, calls: 2, tokens: 18 },
    ];
    const summary = summariseTraversal(events, null);
    expect(summary).toMatchObject({ visited: 2, calls: 2, tokens: 18, fallback: null });
    expect(summary.kept).toEqual([{ node: 'a', level: 1, text: 'a', reason: 'Shares oslo' }]);
    expect(summary.pruned.map((p) => p.reason)).toEqual(['No overlap']);
  });

  it('reports the fallback and an exhausted budget', () => {
    const summary = summariseTraversal(
      [
        { type: 'budget-exhausted', calls: 3 },
        { type: 'fallback', reason: 'nothing judged relevant' },
      ],
      null,
    );
    expect(summary).toMatchObject({ budgetExhausted: true, fallback: 'nothing judged relevant' });
  });
});

describe('walkShown', () => {
  it('hides the walk counts after a reload (memories used, no events), never saying 0 kept', () => {
    expect(walkShown({ events: [], items: [{ id: 'f1' }] })).toBe(false);
    expect(walkShown({ events: [{ type: 'visit' }], items: [{ id: 'f1' }] })).toBe(true);
    expect(walkShown({ events: [], items: [] })).toBe(true);
  });
});
