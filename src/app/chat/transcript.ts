/**
 * A conversation as the history keeps it, and back: its title (the first user message), its
 * finished messages without traversal events (they can be large), and which session it goes on
 * in when it is opened again. A session that was ended is already in memory, so an opened
 * conversation continues in a new session; one that was never ended (the tab closed first) is
 * taken up again, so it is still remembered exactly once, when it ends.
 */
import { sessionTurns, type OpenedConversation } from '../../state/chat-slice.ts';
import type { ChatMessageView } from '../../state/chat-types.ts';
import type { GroveState } from '../../state/store.ts';
import { emptyTopics } from '../../state/topics-slice.ts';
import type { ChatSave, LoadedChat } from '../../storage/chat-history.ts';
import { toTopicsSnapshot } from './saved-forest.ts';

export const TITLE_MAX = 120;
export const UNTITLED = 'Untitled conversation';

export function conversationTitle(messages: readonly ChatMessageView[]): string {
  const first = messages.find((m) => m.role === 'user' && m.text.trim() !== '');
  const text = first?.text.trim().replace(/\s+/g, ' ') ?? '';
  if (!text) return UNTITLED;
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1).trimEnd()}…` : text;
}

/** What is saved: finished messages only, without traversal events. */
export function savedMessages(messages: readonly ChatMessageView[]): ChatMessageView[] {
  return messages
    .filter((m) => m.status !== 'streaming')
    .map((m) => (m.memories ? { ...m, memories: { ...m.memories, events: [] } } : m));
}

/** The open conversation as one history save; `touchedAt` when something new was said. */
export function chatSave(s: GroveState, touchedAt?: number): ChatSave {
  const messages = savedMessages(s.messages);
  return {
    id: s.conversationId,
    title: conversationTitle(messages),
    messageCount: messages.length,
    memoryEnabled: s.memoryEnabled,
    sessionId: s.sessionId,
    lastActivityAt: s.lastActivityAt,
    messages,
    ...(touchedAt === undefined ? {} : { touchedAt }),
  };
}

const ROLES: readonly unknown[] = ['user', 'assistant'];
const FINISHED: readonly unknown[] = ['done', 'failed'];

/** The stored messages that are message views (anything else, e.g. from a bad write, is dropped). */
export function parseMessages(values: readonly unknown[]): ChatMessageView[] {
  return values.filter((v): v is ChatMessageView => {
    const m = v as Partial<ChatMessageView> | null;
    return (
      typeof m === 'object' &&
      m !== null &&
      typeof m.id === 'string' &&
      ROLES.includes(m.role) &&
      typeof m.text === 'string' &&
      FINISHED.includes(m.status) &&
      typeof m.sessionId === 'string'
    );
  });
}

export interface StoredConversation {
  readonly id: string;
  readonly sessionId: string;
  readonly lastActivityAt: number | null;
  readonly memoryEnabled: boolean;
  readonly messages: readonly unknown[];
  readonly topics: unknown;
}

/** A stored conversation ready to go on screen; `freshSessionId` if its sessions all ended. */
export function openedConversation(
  stored: StoredConversation,
  freshSessionId: string,
): OpenedConversation {
  const messages = parseMessages(stored.messages);
  const open =
    stored.lastActivityAt !== null && sessionTurns(messages, stored.sessionId).length > 0;
  return {
    conversationId: stored.id,
    sessionId: open ? stored.sessionId : freshSessionId,
    lastActivityAt: open ? stored.lastActivityAt : null,
    memoryEnabled: stored.memoryEnabled,
    messages,
    topics: toTopicsSnapshot(stored.topics, stored.id) ?? emptyTopics(stored.id),
  };
}

/** A conversation read from the history, ready to go on screen. */
export function openedFromHistory(loaded: LoadedChat, freshSessionId: string): OpenedConversation {
  const { transcript, summary, topics } = loaded;
  return openedConversation(
    { ...transcript, memoryEnabled: summary.memoryEnabled, topics },
    freshSessionId,
  );
}
