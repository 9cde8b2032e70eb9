import { describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { asFactId, asNodeId } from '../../engine/types.ts';
import { layoutForest } from './layout.ts';
import { ReplayCursor, replayAt } from './replay.ts';
import { searchNodes } from './search.ts';
import { syntheticForest } from '../../engine/testing/synthetic-forest.ts';
import { VISUAL, bruteForceCost, countVisuals, visualStates } from './visuals.ts';

const a = asNodeId('s1:0');
const b = asNodeId('s1:1');
const EVENTS: TraversalEvent[] = [
  { type: 'visit', node: a, level: 1 },
  { type: 'visit', node: b, level: 1 },
  { type: 'keep', node: a, level: 1, reason: 'about hiking', tokens: 40, calls: 1 },
  { type: 'prune', node: b, level: 1, reason: 'unrelated', tokens: 35, calls: 2 },
  { type: 'select', node: a, level: 1, factId: asFactId('F0') },
  { type: 'select', node: a, level: 1, factId: asFactId('F1') },
  { type: 'done', selected: 2, calls: 2, tokens: 75 },
];

describe('replay state machine', () => {
  it('gives node states and counters at each step', () => {
    expect(replayAt(EVENTS, 0).states.size).toBe(0);
    const visited = replayAt(EVENTS, 2);
    expect(visited.states.get(a)).toBe('visited');
    expect(visited.visited).toBe(2);
    expect(visited.current).toBe(b);
    const judged = replayAt(EVENTS, 4);
    expect(judged.states.get(a)).toBe('kept');
    expect(judged.states.get(b)).toBe('pruned');
    expect(judged).toMatchObject({ calls: 2, tokens: 75, kept: 1, pruned: 1, done: false });
    const end = replayAt(EVENTS, 99);
    expect(end.step).toBe(EVENTS.length);
    expect(end.states.get(asNodeId('f:F0'))).toBe('selected');
    expect(end).toMatchObject({ selected: 2, done: true, calls: 2, tokens: 75 });
  });

  it('steps forward incrementally and back by replaying, matching a fresh replay', () => {
    const cursor = new ReplayCursor(EVENTS);
    cursor.seek(6);
    const back = cursor.seek(3);
    const fresh = replayAt(EVENTS, 3);
    expect([...back.states]).toEqual([...fresh.states]);
    expect(back.calls).toBe(fresh.calls);
    expect(cursor.seek(-5).step).toBe(0);
  });

  it('records fallbacks and an exhausted budget', () => {
    const frame = replayAt(
      [
        { type: 'budget-exhausted', calls: 3 },
        { type: 'fallback', reason: 'nothing kept' },
      ],
      2,
    );
    expect(frame.budgetExhausted).toBe(true);
    expect(frame.fallback).toBe('nothing kept');
  });
});

describe('visual states', () => {
  const tree = syntheticForest(30);
  const layout = layoutForest(tree, { mode: 'tidy' });
  const roots = tree.levels.at(-1) ?? [];

  it('fades everything under a pruned node, keeps selected facts glowing', () => {
    const [first, second] = roots;
    if (!first || !second) throw new Error('need two roots');
    const factUnderSecond = [...tree.nodes.values()].find(
      (n) => n.level === 0 && tree.nodes.get(n.parent as never)?.id === second,
    );
    const events: TraversalEvent[] = [
      { type: 'keep', node: first, level: 1, reason: '', tokens: 0, calls: 0 },
      { type: 'prune', node: second, level: 1, reason: '', tokens: 0, calls: 0 },
    ];
    const codes = visualStates(layout, replayAt(events, 2).states);
    expect(codes[layout.index.get(first) ?? -1]).toBe(VISUAL.kept);
    expect(codes[layout.index.get(second) ?? -1]).toBe(VISUAL.pruned);
    if (factUnderSecond)
      expect(codes[layout.index.get(factUnderSecond.id) ?? -1]).toBe(VISUAL.faded);
    const counts = countVisuals(codes);
    expect(counts.kept).toBe(1);
    expect(counts.pruned).toBe(1);
    expect(counts.faded).toBe(tree.nodes.get(second)?.children.length);
  });

  it('prices brute force at the traversal tokens per call', () => {
    expect(bruteForceCost(300, 10, 500)).toEqual({ calls: 300, tokens: 15000 });
    expect(bruteForceCost(300, 0, 0)).toEqual({ calls: 300, tokens: undefined });
  });
});

describe('searchNodes', () => {
  const tree = syntheticForest(30);
  it('matches nodes containing every query word, case-insensitively', () => {
    const hits = searchNodes(tree, 'SOURDOUGH detail');
    expect(hits.size).toBeGreaterThan(0);
    for (const id of hits) expect(tree.nodes.get(id)?.text.toLowerCase()).toContain('sourdough');
    expect(searchNodes(tree, 'x').size).toBe(0);
    expect(searchNodes(null, 'sourdough').size).toBe(0);
  });
});
