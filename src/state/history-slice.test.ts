import { describe, expect, it } from 'vitest';
import { createGroveStore } from './store.ts';
import { emptyTopics } from './topics-slice.ts';

const entry = (id: string, updatedAt: number) => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt,
  messageCount: 2,
  memoryEnabled: true,
});

describe('conversation history in the store', () => {
  it('lists conversations newest first', () => {
    const store = createGroveStore();
    store.getState().setConversations([entry('a', 1), entry('c', 3), entry('b', 2)]);
    expect(store.getState().conversations.map((c) => c.id)).toEqual(['c', 'b', 'a']);
    expect(store.getState().historyOpen).toBe(true);
  });

  it('opens a conversation and its topic forest in one change', () => {
    const store = createGroveStore();
    store.getState().setTopicError('r', 'routing failed');
    const seen: [string, string | null][] = [];
    store.subscribe((s) => seen.push([s.conversationId, s.topics.conversationId]));
    const message = { id: 'u', role: 'user', text: 'hi', status: 'done', sessionId: 's1' } as const;
    store.getState().openConversation({
      conversationId: 'c9',
      sessionId: 's2',
      memoryEnabled: false,
      messages: [message],
      lastActivityAt: null,
      topics: emptyTopics('c9'),
    });
    expect(seen).toEqual([['c9', 'c9']]);
    expect(store.getState()).toMatchObject({
      sessionId: 's2',
      memoryEnabled: false,
      messages: [message],
      topicErrors: {},
    });
  });
});
