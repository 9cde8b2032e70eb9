import { describe, expect, it } from 'vitest';
import { createGroveStore } from '../../state/store.ts';
import { CHAT_KEY, parseSaved, persistChat } from './chat-persistence.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe('chat persistence', () => {
  it('restores the open session of the same profile after a reload', () => {
    const storage = memoryStorage();
    const first = createGroveStore();
    persistChat(first, storage);
    const sessionId = first.getState().sessionId;
    first
      .getState()
      .addMessage({ id: 'u', role: 'user', text: 'I have a cat.', status: 'done', sessionId }, 42);
    first.getState().setMemoryEnabled(false);

    const second = createGroveStore();
    persistChat(second, storage);
    expect(second.getState()).toMatchObject({
      sessionId,
      memoryEnabled: false,
      lastActivityAt: 42,
    });
    expect(second.getState().messages.map((m) => m.text)).toEqual(['I have a cat.']);
  });

  it('ignores another profile’s chat and unreadable data', () => {
    const storage = memoryStorage();
    storage.setItem(
      CHAT_KEY,
      JSON.stringify({ profileId: 'bob', conversationId: 'c', sessionId: 's', messages: [] }),
    );
    const store = createGroveStore();
    const before = store.getState().sessionId;
    persistChat(store, storage);
    expect(store.getState().sessionId).toBe(before);
    expect(parseSaved('{nope')).toBeNull();
    expect(parseSaved('{"profileId":1}')).toBeNull();
  });
});
