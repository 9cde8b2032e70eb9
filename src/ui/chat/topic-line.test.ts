import { describe, expect, it } from 'vitest';
import type { TopicTurn } from '../../state/topics-slice.ts';
import { topicLineText } from './topic-line.ts';

const turn: TopicTurn = {
  turn: 4,
  treeId: 't2',
  treeNumber: 2,
  topic: 'other-tree',
  action: 'CONTINUE',
  source: 'rule',
  pathRounds: 2,
  totalRounds: 4,
  contextTokens: 40,
  fromNodeId: null,
  nodeId: null,
};

describe('topicLineText', () => {
  it('says what context a reply got', () => {
    expect(topicLineText(turn)).toBe('context: 2 of 4 rounds, topic 2 (back), decision CONTINUE');
  });

  it('names only where a task round went (its reply is written from the task dialogue)', () => {
    expect(topicLineText(turn, { task: true })).toBe(
      'task round: topic 2 (back), decision CONTINUE',
    );
  });

  it('says where the model placed the round when that differs from the reply routing', () => {
    const moved: TopicTurn = {
      ...turn,
      placedElsewhere: {
        treeId: 't3',
        treeNumber: 3,
        topic: 'new-tree',
        action: 'CONTINUE',
        source: 'llm',
      },
    };
    expect(topicLineText(moved, { task: true })).toBe(
      'task round: topic 3 (new), decision CONTINUE',
    );
    expect(topicLineText(moved)).toBe(
      'context: 2 of 4 rounds, topic 2 (back), decision CONTINUE; the model then placed it in topic 3 (new), decision CONTINUE',
    );
  });
});
