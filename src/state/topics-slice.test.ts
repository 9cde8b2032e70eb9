import { describe, expect, it } from 'vitest';
import { emptyDiscourse, openTree } from '../engine/discourse/forest.ts';
import { createGroveStore } from './store.ts';
import { emptyTopics, type TopicTurn } from './topics-slice.ts';

const turn: TopicTurn = {
  turn: 0,
  treeId: 't1',
  treeNumber: 1,
  topic: 'first',
  action: 'CONTINUE',
  source: 'rule',
  pathRounds: 0,
  totalRounds: 0,
  contextTokens: 0,
  fromNodeId: null,
  nodeId: null,
};

describe('topics slice', () => {
  it('records a routed turn, then its committed node and the new forest', () => {
    const store = createGroveStore();
    expect(store.getState().topics).toEqual(emptyTopics());
    expect(store.getState().topicPanelOpen).toBe(false);
    store.getState().setTopics(emptyTopics('c1'));
    store.getState().recordTopicTurn('r1', turn);
    const forest = openTree(emptyDiscourse());
    store.getState().commitTopicRound('r1', forest, 'n1');
    expect(store.getState().topics).toEqual({
      conversationId: 'c1',
      discourse: forest,
      turns: { r1: { ...turn, nodeId: 'n1' } },
    });
  });

  it('keeps routing errors per reply until the forest is replaced', () => {
    const store = createGroveStore();
    store.getState().setTopicError('r1', 'no embedder');
    expect(store.getState().topicErrors).toEqual({ r1: 'no embedder' });
    store.getState().setTopics(emptyTopics('c2'));
    expect(store.getState().topicErrors).toEqual({});
    store.getState().setTopicPanelOpen(true);
    expect(store.getState().topicPanelOpen).toBe(true);
  });
});
