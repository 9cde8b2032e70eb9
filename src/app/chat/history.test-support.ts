/** Test helpers for the conversation history: a localStorage stand-in and a chat to fill. */
import { ChatHistoryStore } from '../../storage/chat-history.ts';
import { freshDb } from '../../storage/fixtures.test-support.ts';
import type { GroveStore } from '../../state/store.ts';

export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** localStorage that is full: every write throws. */
export function fullStorage(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  return {
    ...storage,
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
  };
}

export async function freshHistory(now?: () => number) {
  const db = await freshDb();
  return { db, history: new ChatHistoryStore(db, now) };
}

/** A user message and its finished reply in the open session, at time `at`. */
export function exchange(store: GroveStore, text: string, at = 1000): void {
  const s = store.getState();
  const n = s.messages.length;
  s.addMessage({ id: `u${n}`, role: 'user', text, status: 'done', sessionId: s.sessionId }, at);
  s.addMessage(
    {
      id: `a${n}`,
      role: 'assistant',
      text: `Noted: ${text}`,
      status: 'done',
      sessionId: s.sessionId,
    },
    at,
  );
}
