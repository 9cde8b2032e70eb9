import { describe, expect, it } from 'vitest';
import type { DialogueShape } from './dialogue-shape.ts';
import type { TopicCandidate } from './decider.ts';
import { topicClarity } from './topic-margin.ts';

const PLAIN: DialogueShape = { kind: 'plain', cue: '', contentWords: 3 };

const settings = { topicFloor: 0.4, topicCeiling: 0.85, topicMargin: 0.1 };
const candidate = (treeId: string, score: number, current = false): TopicCandidate => ({
  treeId,
  path: [],
  meaning: score,
  words: 0,
  score,
  rounds: 1,
  current,
  treeIndex: Number(treeId.slice(1)),
});
const clarity = (treeId: string | null, ...candidates: TopicCandidate[]) =>
  topicClarity({ query: 'q', queryEmbedding: [], candidates, shape: PLAIN }, { treeId }, settings)
    .clear;

describe('topicClarity', () => {
  it('finds a new topic clear only when every tree scores below the floor', () => {
    expect(clarity(null)).toBe(true);
    expect(clarity(null, candidate('t1', 0.39, true), candidate('t2', 0.2))).toBe(true);
    expect(clarity(null, candidate('t1', 0.4, true))).toBe(false);
  });

  it('finds a tree clear only at the ceiling and the margin ahead of every other tree', () => {
    expect(clarity('t1', candidate('t1', 0.85, true))).toBe(true);
    expect(clarity('t1', candidate('t1', 0.84, true))).toBe(false);
    expect(clarity('t2', candidate('t2', 0.96), candidate('t1', 0.85, true))).toBe(true);
    expect(clarity('t2', candidate('t2', 0.96), candidate('t1', 0.87, true))).toBe(false);
  });

  it('finds the current tree ambiguous when another tree scores higher', () => {
    expect(clarity('t1', candidate('t2', 0.99), candidate('t1', 0.9, true))).toBe(false);
  });
});
