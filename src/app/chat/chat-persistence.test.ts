// Dexie's liveQuery (the conversation list) looks for a global indexedDB in Node.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { emptyDiscourse, openTree } from '../../engine/discourse/forest.ts';
import { createGroveStore } from '../../state/store.ts';
import { CHAT_KEY, parseSaved, TOPICS_KEY } from './chat-backup.ts';
import { persistChat } from './chat-persistence.ts';
import { exchange, freshHistory, fullStorage, memoryStorage } from './history.test-support.ts';
import { OPEN_CHAT_KEY } from './open-chat.ts';
import { persistTopics } from './topics-persistence.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import { StorageFullError } from '../../storage/errors.ts';

type Storage = ReturnType<typeof memoryStorage>;

/** A page load: a fresh store for `profileId`, persisted into the same history and storage. */
async function load(history: ConversationHistory, storage: Storage, profileId = 'default') {
  const store = createGroveStore();
  store.getState().setActiveProfile(profileId);
  persistTopics(store, history, storage);
  const persistence = persistChat(store, history, storage, () => 5000);
  await persistence.restored;
  return { store, persistence };
}

const titles = (store: ReturnType<typeof createGroveStore>) =>
  store.getState().conversations.map((c) => c.title);

describe('chat persistence', () => {
  it('reopens the open conversation after a reload, its open session still open', async () => {
    const { history } = await freshHistory();
    const storage = memoryStorage();
    const first = await load(history, storage);
    exchange(first.store, 'I have a cat.', 42);
    first.store.getState().setMemoryEnabled(false);
    const { conversationId, sessionId } = first.store.getState();
    await vi.waitFor(() => expect(titles(first.store)).toEqual(['I have a cat.']));

    const second = await load(history, storage);
    expect(second.store.getState()).toMatchObject({
      conversationId,
      sessionId,
      memoryEnabled: false,
      lastActivityAt: 42,
    });
    expect(second.store.getState().messages.map((m) => m.text)).toEqual([
      'I have a cat.',
      'Noted: I have a cat.',
    ]);
    expect(JSON.parse(storage.data.get(OPEN_CHAT_KEY) ?? '{}')).toMatchObject({
      profileId: 'default',
      conversationId,
    });
  });

  it('keeps the memory effort across a reload, as a setting of the chat', async () => {
    const { history } = await freshHistory();
    const storage = memoryStorage();
    const first = await load(history, storage);
    expect(first.store.getState().memoryEffort).toBe('balanced');
    first.store.getState().setMemoryEffort('thorough');
    await vi.waitFor(() =>
      expect(JSON.parse(storage.data.get(OPEN_CHAT_KEY) ?? '{}')).toMatchObject({
        memoryEffort: 'thorough',
      }),
    );
    const second = await load(history, storage);
    expect(second.store.getState().memoryEffort).toBe('thorough');
  });

  it('continues a conversation whose sessions all ended in a new session', async () => {
    const { history } = await freshHistory();
    const storage = memoryStorage();
    const first = await load(history, storage);
    exchange(first.store, 'I have a cat.');
    const ended = first.store.getState().sessionId;
    first.store.getState().startSession('s-next');
    await vi.waitFor(async () =>
      expect(
        (await history.load('default', first.store.getState().conversationId))?.transcript,
      ).toMatchObject({ sessionId: 's-next', lastActivityAt: null }),
    );

    const second = await load(history, storage);
    const s = second.store.getState();
    expect(s.messages).toHaveLength(2);
    expect(s.sessionId).not.toBe(ended);
    expect(s.lastActivityAt).toBeNull();
  });

  it('moves the chat kept before the history (grove.chat.v1) into it on first load', async () => {
    const { history } = await freshHistory();
    const forest = openTree(emptyDiscourse());
    const storage = memoryStorage({
      [CHAT_KEY]: JSON.stringify({
        profileId: 'default',
        conversationId: 'c-old',
        sessionId: 's-old',
        memoryEnabled: true,
        lastActivityAt: 7,
        inactivityMinutes: 3,
        messages: [
          {
            id: 'u',
            role: 'user',
            text: '  I live   in Oslo. ',
            status: 'done',
            sessionId: 's-old',
          },
          { id: 'a', role: 'assistant', text: 'Nice.', status: 'done', sessionId: 's-old' },
        ],
      }),
      [TOPICS_KEY]: JSON.stringify({ conversationId: 'c-old', discourse: forest, turns: {} }),
    });
    const { store } = await load(history, storage);
    expect(store.getState()).toMatchObject({
      conversationId: 'c-old',
      sessionId: 's-old',
      lastActivityAt: 7,
      inactivityMinutes: 3,
    });
    expect(store.getState().topics.discourse).toEqual(forest);
    expect(storage.data.has(CHAT_KEY)).toBe(false);
    expect(storage.data.has(TOPICS_KEY)).toBe(false);
    const saved = await history.load('default', 'c-old');
    expect(saved?.summary).toMatchObject({ title: 'I live in Oslo.', messageCount: 2 });
    expect(saved?.topics).toEqual({ conversationId: 'c-old', discourse: forest, turns: {} });
    await vi.waitFor(() => expect(titles(store)).toEqual(['I live in Oslo.']));
  });

  it('files another profile’s old chat under that profile without opening it', async () => {
    const { history } = await freshHistory();
    const storage = memoryStorage({
      [CHAT_KEY]: JSON.stringify({
        profileId: 'bob',
        conversationId: 'c-bob',
        sessionId: 's',
        messages: [{ id: 'u', role: 'user', text: 'Bob here.', status: 'done', sessionId: 's' }],
      }),
    });
    const { store } = await load(history, storage);
    expect(store.getState().messages).toEqual([]);
    expect((await history.list('bob')).map((c) => c.id)).toEqual(['c-bob']);
    expect(await history.list('default')).toEqual([]);
    expect(parseSaved('{nope')).toBeNull();
    expect(parseSaved('{"profileId":1}')).toBeNull();
  });

  it('lists the active profile’s conversations only, newest first', async () => {
    let t = 1000;
    const { history } = await freshHistory(() => t);
    const storage = memoryStorage();
    const store = createGroveStore();
    persistTopics(store, history, storage);
    persistChat(store, history, storage, () => t);
    exchange(store, 'First in Me.');
    t = 2000;
    store.getState().newConversation('c2', 's2');
    exchange(store, 'Second in Me.');
    await vi.waitFor(() => expect(titles(store)).toEqual(['Second in Me.', 'First in Me.']));

    store.getState().newConversation('c3', 's3');
    store.getState().setActiveProfile('bob');
    await vi.waitFor(() => expect(titles(store)).toEqual([]));
    exchange(store, 'Bob here.');
    await vi.waitFor(() => expect(titles(store)).toEqual(['Bob here.']));
    expect((await history.list('default')).map((c) => c.title)).toEqual([
      'Second in Me.',
      'First in Me.',
    ]);

    // a conversation still on screen when the profile changes stays with its own profile
    store.getState().setActiveProfile('default');
    expect(store.getState().messages).toEqual([]);
    await vi.waitFor(() => expect(titles(store)).toEqual(['Second in Me.', 'First in Me.']));
    expect((await history.list('bob')).map((c) => c.title)).toEqual(['Bob here.']);
  });

  it('keeps the open chat in localStorage when the history is full, and says so', async () => {
    const { history } = await freshHistory();
    const storage = memoryStorage();
    const full: ConversationHistory = {
      ...history,
      list: (p) => history.list(p),
      watch: (p, next, error) => history.watch(p, next, error),
      load: (p, id) => history.load(p, id),
      saveTopics: () => Promise.reject(new StorageFullError()),
      save: () => Promise.reject(new StorageFullError()),
      remove: (p, id) => history.remove(p, id),
    };
    const first = await load(full, storage);
    exchange(first.store, 'Remember my flight on Friday.');
    await vi.waitFor(() => expect(first.store.getState().historyError).toContain('no room left'));
    expect(first.store.getState().historyError).toContain('a copy is kept');
    expect(parseSaved(storage.data.get(CHAT_KEY) ?? null)?.messages).toHaveLength(2);

    // After a reload with room again, the chat is back and moved into the history.
    const second = await load(history, storage);
    expect(second.store.getState().messages.map((m) => m.text)).toEqual([
      'Remember my flight on Friday.',
      'Noted: Remember my flight on Friday.',
    ]);
    expect(storage.data.has(CHAT_KEY)).toBe(false);
    expect((await history.list('default')).map((c) => c.messageCount)).toEqual([2]);
  });

  it('says so when neither the history nor localStorage can keep the chat', async () => {
    const { history } = await freshHistory();
    const failing: ConversationHistory = {
      list: (p) => history.list(p),
      watch: (p, next, error) => history.watch(p, next, error),
      load: (p, id) => history.load(p, id),
      saveTopics: () => Promise.reject(new Error('blocked')),
      save: () => Promise.reject(new Error('blocked')),
      remove: (p, id) => history.remove(p, id),
    };
    const { store } = await load(failing, fullStorage());
    exchange(store, 'Hello.');
    await vi.waitFor(() =>
      expect(store.getState().historyError).toContain('could not be saved (blocked)'),
    );
    expect(store.getState().historyError).toContain('until you reload');
    expect(store.getState().messages).toHaveLength(2);
  });

  it('leaves a conversation started before the restore finished alone', async () => {
    const { history } = await freshHistory();
    const storage = memoryStorage();
    const first = await load(history, storage);
    exchange(first.store, 'Old one.');
    await vi.waitFor(() => expect(titles(first.store)).toEqual(['Old one.']));

    const store = createGroveStore();
    persistTopics(store, history, storage);
    const persistence = persistChat(store, history, storage);
    exchange(store, 'Quick new one.');
    await persistence.restored;
    expect(store.getState().messages.map((m) => m.text)[0]).toBe('Quick new one.');
    await vi.waitFor(() => expect(titles(store)).toEqual(['Quick new one.', 'Old one.']));
  });
});
