/**
 * Keeps the conversation on screen across reloads (localStorage, this browser only): an open
 * session is not lost when the tab reloads, and its inactivity clock keeps running, so it still
 * ends and is remembered. Traversal events are not kept (they can be large); retrieved facts are.
 */
import type { ChatMessageView } from '../../state/chat-types.ts';
import type { GroveState, GroveStore } from '../../state/store.ts';

export const CHAT_KEY = 'grove.chat.v1';

export interface SavedChat {
  readonly profileId: string;
  readonly conversationId: string;
  readonly sessionId: string;
  readonly memoryEnabled: boolean;
  readonly lastActivityAt: number | null;
  readonly inactivityMinutes: number;
  readonly messages: readonly ChatMessageView[];
}

/** What is saved: finished messages only, without traversal events. */
export function toSaved(s: GroveState): SavedChat {
  return {
    profileId: s.activeProfileId,
    conversationId: s.conversationId,
    sessionId: s.sessionId,
    memoryEnabled: s.memoryEnabled,
    lastActivityAt: s.lastActivityAt,
    inactivityMinutes: s.inactivityMinutes,
    messages: s.messages
      .filter((m) => m.status !== 'streaming')
      .map((m) => (m.memories ? { ...m, memories: { ...m.memories, events: [] } } : m)),
  };
}

export function parseSaved(text: string | null): SavedChat | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SavedChat>;
    if (
      typeof value.profileId !== 'string' ||
      typeof value.sessionId !== 'string' ||
      typeof value.conversationId !== 'string' ||
      !Array.isArray(value.messages)
    )
      return null;
    return {
      profileId: value.profileId,
      conversationId: value.conversationId,
      sessionId: value.sessionId,
      memoryEnabled: value.memoryEnabled !== false,
      lastActivityAt: typeof value.lastActivityAt === 'number' ? value.lastActivityAt : null,
      inactivityMinutes: typeof value.inactivityMinutes === 'number' ? value.inactivityMinutes : 10,
      messages: value.messages,
    };
  } catch {
    return null;
  }
}

/** Restores the saved chat of `profileId` (if any), then saves every change. */
export function persistChat(
  store: GroveStore,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): () => void {
  const saved = parseSaved(safe(() => storage?.getItem(CHAT_KEY) ?? null));
  if (saved && saved.profileId === store.getState().activeProfileId) {
    const { profileId: _profile, ...chat } = saved;
    store.setState(chat);
  } else if (saved) {
    store.getState().setInactivityMinutes(saved.inactivityMinutes);
  }
  return store.subscribe((s, prev) => {
    if (
      s.messages === prev.messages &&
      s.sessionId === prev.sessionId &&
      s.memoryEnabled === prev.memoryEnabled &&
      s.inactivityMinutes === prev.inactivityMinutes &&
      s.activeProfileId === prev.activeProfileId
    )
      return;
    if (s.messages.some((m) => m.status === 'streaming')) return;
    safe(() => storage?.setItem(CHAT_KEY, JSON.stringify(toSaved(s))));
  });
}

function safe<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null; // storage blocked or full: the chat lasts for this page only
  }
}
