/**
 * `grove.chat.v1` and `grove.topics.v1` (localStorage): where the open chat and its topic forest
 * lived before the conversation history existed (read on load and moved into the history), and
 * the backup of the open chat written there when a history save fails (a full disk), so that it
 * still comes back after a reload. Either way: when a key is there, it is the newest copy of its
 * conversation.
 */
import type { GroveState } from '../../state/store.ts';
import type { TopicsSnapshot } from '../../state/topics-slice.ts';
import type { ChatSave } from '../../storage/chat-history.ts';
import { safely, type KeyValue } from './open-chat.ts';
import { toTopicsSnapshot } from './saved-forest.ts';
import { conversationTitle, parseMessages, savedMessages } from './transcript.ts';

export const CHAT_KEY = 'grove.chat.v1';
export const TOPICS_KEY = 'grove.topics.v1';

export interface SavedChat {
  readonly profileId: string;
  readonly conversationId: string;
  readonly sessionId: string;
  readonly memoryEnabled: boolean;
  readonly lastActivityAt: number | null;
  readonly inactivityMinutes: number;
  readonly messages: readonly unknown[];
}

export interface SavedTopics {
  /** Set by a backup; a forest saved before the history has none (it goes with the chat). */
  readonly profileId: string | null;
  readonly topics: TopicsSnapshot;
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

export function parseSavedTopics(text: string | null): SavedTopics | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { profileId?: unknown };
    const topics = toTopicsSnapshot(value);
    if (!topics) return null;
    return { profileId: typeof value.profileId === 'string' ? value.profileId : null, topics };
  } catch {
    return null;
  }
}

export function readBackup(storage: KeyValue | undefined): {
  chat: SavedChat | null;
  topics: SavedTopics | null;
} {
  return {
    chat: parseSaved(safely(() => storage?.getItem(CHAT_KEY) ?? null)),
    topics: parseSavedTopics(safely(() => storage?.getItem(TOPICS_KEY) ?? null)),
  };
}

/** Keeps the open chat in localStorage; false when that failed too. */
export function backupChat(storage: KeyValue | undefined, s: GroveState): boolean {
  const chat: SavedChat = {
    profileId: s.activeProfileId,
    conversationId: s.conversationId,
    sessionId: s.sessionId,
    memoryEnabled: s.memoryEnabled,
    lastActivityAt: s.lastActivityAt,
    inactivityMinutes: s.inactivityMinutes,
    messages: savedMessages(s.messages),
  };
  return write(storage, CHAT_KEY, JSON.stringify(chat));
}

export function backupTopics(
  storage: KeyValue | undefined,
  profileId: string,
  topics: TopicsSnapshot,
): boolean {
  return write(storage, TOPICS_KEY, JSON.stringify({ ...topics, profileId }));
}

function write(storage: KeyValue | undefined, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false; // blocked or full as well
  }
}

/** Removes the chat backup if it is `conversationId`'s. */
export function clearChatBackup(storage: KeyValue | undefined, conversationId: string): void {
  if (readBackup(storage).chat?.conversationId === conversationId)
    safely(() => storage?.removeItem(CHAT_KEY));
}

/** Removes the topic forest backup if it is `conversationId`'s. */
export function clearTopicsBackup(storage: KeyValue | undefined, conversationId: string): void {
  if (readBackup(storage).topics?.topics.conversationId === conversationId)
    safely(() => storage?.removeItem(TOPICS_KEY));
}

/** Removes whatever backup `conversationId` has. */
export function clearBackup(storage: KeyValue | undefined, conversationId: string): void {
  clearChatBackup(storage, conversationId);
  clearTopicsBackup(storage, conversationId);
}

/** A backed-up chat as a history save, or null when it holds no message. */
export function backupAsSave(chat: SavedChat, now: number): ChatSave | null {
  const messages = savedMessages(parseMessages(chat.messages));
  if (messages.length === 0) return null;
  return {
    id: chat.conversationId,
    title: conversationTitle(messages),
    messageCount: messages.length,
    memoryEnabled: chat.memoryEnabled,
    sessionId: chat.sessionId,
    lastActivityAt: chat.lastActivityAt,
    messages,
    touchedAt: chat.lastActivityAt ?? now,
  };
}
