// Dexie's liveQuery (the conversation list) looks for a global indexedDB in Node.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { emptyDiscourse, openTree } from '../../engine/discourse/forest.ts';
import type { ConversationHistory } from '../../storage/chat-history.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import type { SessionInput } from '../../memory-backend/worker-protocol.ts';
import { createGroveStore } from '../../state/store.ts';
import { createChatController } from './chat-controller.ts';
import { persistChat } from './chat-persistence.ts';
import { createConversationActions } from './conversation-actions.ts';
import { freshHistory, memoryStorage } from './history.test-support.ts';
import { persistTopics } from './topics-persistence.ts';

function fakeMemory() {
  const ingested: { sessionId: string; texts: string[]; conversationId?: string }[] = [];
  const memory = {
    retrieve: () =>
      Promise.resolve({
        items: [],
        judge: 'tacitree:embedding',
        contextTokens: 0,
        llmCalls: 0,
        judgeTokens: 0,
        events: [],
      }),
    ingest(session: SessionInput, conversationId?: string) {
      ingested.push({
        sessionId: session.id,
        texts: session.turns.map((t) => t.text),
        ...(conversationId ? { conversationId } : {}),
      });
      return Promise.resolve({ status: 'ingested' as const, sessionId: session.id, facts: 1 });
    },
  } as unknown as MemoryClient;
  return { memory, ingested };
}

/** A page load over a shared history, memory and localStorage. */
async function page(history: ConversationHistory, memory: MemoryClient, storage = memoryStorage()) {
  const store = createGroveStore();
  const chat = createChatController({
    store,
    memory,
    chatLlm: () => undefined,
    onMemoryChanged: () => Promise.resolve(),
  });
  persistTopics(store, history, storage);
  await persistChat(store, history, storage).restored;
  const conversations = createConversationActions({ store, chat, history, storage });
  return { store, chat, conversations, storage };
}

const texts = (store: ReturnType<typeof createGroveStore>) =>
  store.getState().messages.map((m) => m.text);

describe('conversation actions', () => {
  it('reopens a past conversation with its forest and goes on in a new session', async () => {
    const { history } = await freshHistory();
    const { memory, ingested } = fakeMemory();
    const { store, chat, conversations } = await page(history, memory);

    await chat.send('I am planning a trip to Japan.');
    const first = store.getState().conversationId;
    const firstSession = store.getState().sessionId;
    const forest = { conversationId: first, discourse: openTree(emptyDiscourse()), turns: {} };
    store.getState().setTopics(forest);
    await chat.newConversation();
    await chat.send('My tomatoes are not growing.');
    const second = store.getState().conversationId;
    await vi.waitFor(() => expect(store.getState().conversations).toHaveLength(2));

    await conversations.open(first);
    const s = store.getState();
    expect(s.conversationId).toBe(first);
    expect(texts(store)[0]).toBe('I am planning a trip to Japan.');
    expect(s.topics).toEqual(forest);
    expect(s.sessionId).not.toBe(firstSession);
    // the second conversation's session ended when it was left: remembered once
    expect(ingested.map((i) => i.conversationId)).toEqual([first, second]);

    await chat.send('Add Kyoto to the Japan trip.');
    await chat.endSession('user');
    expect(ingested).toHaveLength(3);
    expect(ingested[2]).toMatchObject({ conversationId: first });
    expect(ingested[2]?.texts[0]).toBe('Add Kyoto to the Japan trip.');
    expect(new Set(ingested.map((i) => i.sessionId)).size).toBe(3);
  });

  it('after a reload, takes up the open session and remembers it exactly once', async () => {
    const { history } = await freshHistory();
    const { memory, ingested } = fakeMemory();
    const storage = memoryStorage();
    const before = await page(history, memory, storage);
    await before.chat.send('I moved to Bergen.');
    const { conversationId, sessionId } = before.store.getState();
    await vi.waitFor(() => expect(before.store.getState().conversations).toHaveLength(1));
    before.chat.dispose();

    const after = await page(history, memory, storage);
    expect(after.store.getState()).toMatchObject({ conversationId, sessionId });
    await after.chat.send('It rains a lot here.');
    await after.chat.endSession('user');
    expect(ingested).toHaveLength(1);
    expect(ingested[0]?.sessionId).toBe(sessionId);
    expect(ingested[0]?.texts.filter((_, i) => i % 2 === 0)).toEqual([
      'I moved to Bergen.',
      'It rains a lot here.',
    ]);

    // opened again later, the (ended) sessions are not remembered twice
    await after.chat.newConversation();
    await after.conversations.open(conversationId);
    await after.chat.endSession('user');
    expect(ingested).toHaveLength(1);
  });

  it('deletes a past conversation’s transcript and forest, and leaves memory alone', async () => {
    const { db, history } = await freshHistory();
    const { memory, ingested } = fakeMemory();
    const { store, chat, conversations } = await page(history, memory);
    await chat.send('Keep this one.');
    const kept = store.getState().conversationId;
    await chat.newConversation();
    await chat.send('Delete this one.');
    const gone = store.getState().conversationId;
    store
      .getState()
      .setTopics({ conversationId: gone, discourse: openTree(emptyDiscourse()), turns: {} });
    await chat.newConversation();
    await vi.waitFor(() => expect(store.getState().conversations).toHaveLength(2));

    await conversations.remove(gone);
    await vi.waitFor(() => expect(store.getState().conversations.map((c) => c.id)).toEqual([kept]));
    expect(await history.load('default', gone)).toBeNull();
    expect(await db.topicTrees.where('profileId').equals('default').count()).toBe(0);
    expect(ingested).toHaveLength(2);
  });

  it('deleting the open conversation ends its session first and starts afresh', async () => {
    const { history } = await freshHistory();
    const { memory, ingested } = fakeMemory();
    const { store, chat, conversations } = await page(history, memory);
    await chat.send('A short chat.');
    const id = store.getState().conversationId;
    await vi.waitFor(() => expect(store.getState().conversations).toHaveLength(1));

    await conversations.remove(id);
    expect(ingested.map((i) => i.conversationId)).toEqual([id]);
    expect(store.getState().conversationId).not.toBe(id);
    expect(store.getState().messages).toEqual([]);
    await vi.waitFor(() => expect(store.getState().conversations).toEqual([]));
    expect(await history.load('default', id)).toBeNull();
  });

  it('says so when the conversation is gone', async () => {
    const { history } = await freshHistory();
    const { store, conversations } = await page(history, fakeMemory().memory);
    await conversations.open('nope');
    expect(store.getState().historyError).toBe('That conversation is no longer in the history.');
  });
});
