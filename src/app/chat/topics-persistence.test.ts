import { describe, expect, it } from 'vitest';
import { emptyDiscourse, openTree } from '../../engine/discourse/forest.ts';
import { createGroveStore } from '../../state/store.ts';
import { emptyTopics } from '../../state/topics-slice.ts';
import { parseSavedTopics, persistTopics, TOPICS_KEY } from './topics-persistence.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('topic forest persistence', () => {
  it('rejects what is not a saved forest', () => {
    expect(parseSavedTopics(null)).toBeNull();
    expect(parseSavedTopics('{oops')).toBeNull();
    expect(parseSavedTopics(JSON.stringify({ conversationId: 'c1' }))).toBeNull();
    expect(
      parseSavedTopics(JSON.stringify({ conversationId: 'c1', discourse: { version: 2 } })),
    ).toBeNull();
    const saved = parseSavedTopics(
      JSON.stringify({ conversationId: 'c1', discourse: emptyDiscourse() }),
    );
    expect(saved).toEqual(emptyTopics('c1'));
  });

  it('saves every change and restores the forest of the same conversation', () => {
    const storage = memoryStorage();
    const store = createGroveStore();
    store.setState({ conversationId: 'c1' });
    persistTopics(store, storage);
    const forest = openTree(emptyDiscourse());
    store.getState().setTopics({ conversationId: 'c1', discourse: forest, turns: {} });
    expect(storage.data.get(TOPICS_KEY)).toBeDefined();

    const reloaded = createGroveStore();
    reloaded.setState({ conversationId: 'c1' });
    persistTopics(reloaded, storage);
    expect(reloaded.getState().topics.discourse).toEqual(forest);
  });

  it('starts empty for another conversation, and when the conversation changes', () => {
    const storage = memoryStorage({
      [TOPICS_KEY]: JSON.stringify({
        conversationId: 'c1',
        discourse: openTree(emptyDiscourse()),
        turns: {},
      }),
    });
    const store = createGroveStore();
    store.setState({ conversationId: 'c2' });
    persistTopics(store, storage);
    expect(store.getState().topics).toEqual(emptyTopics('c2'));

    store.getState().setTopics({
      conversationId: 'c2',
      discourse: openTree(emptyDiscourse()),
      turns: {},
    });
    store.getState().newConversation('c3', 's3');
    expect(store.getState().topics).toEqual(emptyTopics('c3'));
    expect(JSON.parse(storage.data.get(TOPICS_KEY) ?? '{}').conversationId).toBe('c3');
  });

  it('keeps the forest for this page only when storage is blocked', () => {
    const store = createGroveStore();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    persistTopics(store, blocked);
    store.getState().setTopicPanelOpen(true);
    store.getState().setTopics(emptyTopics(store.getState().conversationId));
    expect(store.getState().topics.conversationId).toBe(store.getState().conversationId);
  });
});
