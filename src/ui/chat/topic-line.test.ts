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

const label = (treeId: string) =>
  ({ t2: 'The user plans a long trip to Japan in April with two friends and a dog.' })[treeId];

describe('topicLineText', () => {
  it('says in words where the exchange went and how much of the conversation was sent', () => {
    expect(topicLineText(turn, { label })).toBe(
      'Continuing your earlier topic “The user plans a long trip to Japan in April with two…” · 2 of 4 earlier exchanges sent in full',
    );
    expect(topicLineText({ ...turn, topic: 'same-tree' })).toBe(
      'Continuing this topic · 2 of 4 earlier exchanges sent in full',
    );
    expect(topicLineText({ ...turn, topic: 'first', pathRounds: 0, totalRounds: 0 })).toBe(
      'A new topic',
    );
    expect(topicLineText({ ...turn, topic: 'same-tree', action: 'SWITCH_BRANCH' })).toBe(
      'Returning to an earlier thread of this topic · 2 of 4 earlier exchanges sent in full',
    );
    // No internal names: no decision constants, no topic numbers.
    expect(topicLineText(turn, { label })).not.toMatch(/CONTINUE|topic \d|decision|rounds/);
  });

  it('names only where a task exchange went (its reply is written from the task dialogue)', () => {
    expect(topicLineText(turn, { task: true })).toBe(
      'Task exchange: continuing your earlier topic',
    );
  });

  it('says where the model filed the exchange when that differs from the reply routing', () => {
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
    expect(topicLineText(moved, { task: true })).toBe('Task exchange: a new topic');
    expect(topicLineText(moved)).toBe(
      'Continuing your earlier topic (after the reply, the model filed it as: a new topic) · 2 of 4 earlier exchanges sent in full',
    );
  });
});
