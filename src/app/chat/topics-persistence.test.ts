import { describe, expect, it, vi } from 'vitest';
import { emptyDiscourse, openTree } from '../../engine/discourse/forest.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import { StorageFullError } from '../../storage/errors.ts';
import { createGroveStore } from '../../state/store.ts';
import { emptyTopics } from '../../state/topics-slice.ts';
import { parseSavedTopics, TOPICS_KEY } from './chat-backup.ts';
import { freshHistory, memoryStorage } from './history.test-support.ts';
import { toTopicsSnapshot } from './saved-forest.ts';
import { persistTopics } from './topics-persistence.ts';

const forest = () => ({ conversationId: 'c1', discourse: openTree(emptyDiscourse()), turns: {} });

describe('topic forest persistence', () => {
  it('rejects what is not a saved forest', () => {
    expect(toTopicsSnapshot(null)).toBeNull();
    expect(parseSavedTopics('{oops')).toBeNull();
    expect(toTopicsSnapshot({ conversationId: 'c1' })).toBeNull();
    expect(toTopicsSnapshot({ conversationId: 'c1', discourse: { version: 2 } })).toBeNull();
    expect(toTopicsSnapshot({ conversationId: 'c1', discourse: emptyDiscourse() })).toEqual(
      emptyTopics('c1'),
    );
    expect(toTopicsSnapshot(forest(), 'c2')).toBeNull();
  });

  it('saves every change of the open conversation’s forest under its id', async () => {
    const { history } = await freshHistory();
    const store = createGroveStore();
    store.setState({ conversationId: 'c1' });
    persistTopics(store, history, memoryStorage());
    expect(store.getState().topics).toEqual(emptyTopics('c1'));
    store.getState().setTopics(forest());
    await vi.waitFor(async () =>
      expect((await history.load('default', 'c1'))?.topics ?? null).toBeNull(),
    );
    // (a forest alone is not a conversation: it is loaded with its transcript)
    await history.save('default', {
      id: 'c1',
      title: 't',
      messageCount: 0,
      memoryEnabled: true,
      sessionId: 's',
      lastActivityAt: null,
      messages: [],
    });
    expect((await history.load('default', 'c1'))?.topics).toEqual(forest());
  });

  it('starts an empty forest, unsaved, for a new conversation', async () => {
    const { db, history } = await freshHistory();
    const store = createGroveStore();
    store.setState({ conversationId: 'c1' });
    persistTopics(store, history, memoryStorage());
    store.getState().setTopics(forest());
    store.getState().newConversation('c3', 's3');
    expect(store.getState().topics).toEqual(emptyTopics('c3'));
    await vi.waitFor(async () => expect(await db.topicTrees.count()).toBe(1));
    expect((await db.topicTrees.toArray())[0]?.id).toBe('c1');
  });

  it('keeps a forest that came with an opened conversation, without saving it again', async () => {
    const saveTopics = vi.fn(() => Promise.resolve());
    const store = createGroveStore();
    persistTopics(store, { saveTopics } as unknown as ConversationHistory, memoryStorage());
    const topics = { ...forest(), conversationId: 'c9' };
    store.getState().openConversation({
      conversationId: 'c9',
      sessionId: 's',
      memoryEnabled: true,
      messages: [],
      lastActivityAt: null,
      topics,
    });
    expect(store.getState().topics).toBe(topics);
    expect(saveTopics).not.toHaveBeenCalled();
  });

  it('keeps the forest in localStorage when the history is full', async () => {
    const storage = memoryStorage();
    const store = createGroveStore();
    store.setState({ conversationId: 'c1' });
    const full = { saveTopics: () => Promise.reject(new StorageFullError()) };
    persistTopics(store, full as unknown as ConversationHistory, storage);
    store.getState().setTopics(forest());
    await vi.waitFor(() => expect(store.getState().historyError).toContain('no room left'));
    expect(parseSavedTopics(storage.data.get(TOPICS_KEY) ?? null)).toEqual({
      profileId: 'default',
      topics: forest(),
    });
  });
});
