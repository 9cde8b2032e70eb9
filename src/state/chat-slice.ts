/**
 * The conversation on screen: messages, memory on/off for this conversation, the open session
 * (the turns that will become memories when it ends) and the inactivity timeout.
 */
import type { TraversalEvent } from '../engine/retrieval.ts';
import { DEFAULT_MEMORY_EFFORT, type MemoryEffort } from '../engine/tree/memory-effort.ts';
import type { ChatMessageView, MemoriesUsed, TurnStage } from './chat-types.ts';
import { newId } from './ids.ts';
import type { SliceCreator } from './store-types.ts';
import type { TopicsSnapshot } from './topics-slice.ts';

export const DEFAULT_INACTIVITY_MINUTES = 10;

const IDLE_STAGE: TurnStage = { routing: false, searching: false, writing: false };

/** A conversation from the history, as it is put back on screen (with its topic forest). */
export interface OpenedConversation {
  readonly conversationId: string;
  readonly sessionId: string;
  readonly memoryEnabled: boolean;
  readonly messages: readonly ChatMessageView[];
  readonly lastActivityAt: number | null;
  readonly topics: TopicsSnapshot;
}

export interface ChatSlice {
  readonly conversationId: string;
  readonly sessionId: string;
  readonly memoryEnabled: boolean;
  readonly messages: readonly ChatMessageView[];
  /** Epoch ms of the last message in the open session, or null when it has none. */
  readonly lastActivityAt: number | null;
  readonly inactivityMinutes: number;
  /** How much LLM time a memory search may spend (quick / balanced / thorough). */
  readonly memoryEffort: MemoryEffort;
  addMessage(message: ChatMessageView, now: number): void;
  appendDelta(id: string, delta: string): void;
  finishMessage(
    id: string,
    update: { text?: string; status: 'done' | 'failed'; error?: string; model?: string | null },
  ): void;
  setMemories(id: string, memories: MemoriesUsed): void;
  /** What a waiting reply is doing; a change to undefined (or its first token) clears it. */
  setStage(id: string, change: (stage: TurnStage) => TurnStage): void;
  addTraversalEvent(id: string, event: TraversalEvent): void;
  setMemoryEnabled(enabled: boolean): void;
  /** Closes the open session (its messages stay on screen) and opens `nextSessionId`. */
  startSession(nextSessionId: string): void;
  newConversation(conversationId: string, sessionId: string): void;
  /** Puts a conversation and its topic forest on screen together, in one change. */
  openConversation(conversation: OpenedConversation): void;
  setInactivityMinutes(minutes: number): void;
  setMemoryEffort(effort: MemoryEffort): void;
}

const patch = (
  messages: readonly ChatMessageView[],
  id: string,
  change: (m: ChatMessageView) => ChatMessageView,
) => messages.map((m) => (m.id === id ? change(m) : m));

export const createChatSlice: SliceCreator<ChatSlice> = (set) => ({
  conversationId: newId('c'),
  sessionId: newId('s'),
  memoryEnabled: true,
  messages: [],
  lastActivityAt: null,
  inactivityMinutes: DEFAULT_INACTIVITY_MINUTES,
  memoryEffort: DEFAULT_MEMORY_EFFORT,
  setMemoryEffort: (memoryEffort) => set({ memoryEffort }),
  addMessage: (message, now) =>
    set((s) => ({ messages: [...s.messages, message], lastActivityAt: now })),
  appendDelta: (id, delta) =>
    set((s) => ({
      messages: patch(s.messages, id, ({ stage: _done, ...m }) => ({ ...m, text: m.text + delta })),
    })),
  finishMessage: (id, { text, status, error, model }) =>
    set((s) => ({
      messages: patch(s.messages, id, ({ stage: _done, ...m }) => ({
        ...m,
        status,
        ...(text !== undefined ? { text } : {}),
        ...(error !== undefined ? { error } : {}),
        ...(model !== undefined ? { model } : {}),
      })),
    })),
  setStage: (id, change) =>
    set((s) => ({
      messages: patch(s.messages, id, (m) =>
        m.status === 'streaming' && m.text === ''
          ? { ...m, stage: change(m.stage ?? IDLE_STAGE) }
          : m,
      ),
    })),
  setMemories: (id, memories) =>
    set((s) => ({ messages: patch(s.messages, id, (m) => ({ ...m, memories })) })),
  addTraversalEvent: (id, event) =>
    set((s) => ({
      messages: patch(s.messages, id, (m) =>
        m.memories
          ? { ...m, memories: { ...m.memories, events: [...m.memories.events, event] } }
          : m,
      ),
    })),
  setMemoryEnabled: (memoryEnabled) => set({ memoryEnabled }),
  startSession: (sessionId) => set({ sessionId, lastActivityAt: null }),
  newConversation: (conversationId, sessionId) =>
    set({ conversationId, sessionId, messages: [], lastActivityAt: null, memoryEnabled: true }),
  openConversation: (c) =>
    set({
      conversationId: c.conversationId,
      sessionId: c.sessionId,
      memoryEnabled: c.memoryEnabled,
      messages: c.messages,
      lastActivityAt: c.lastActivityAt,
      topics: c.topics,
      topicErrors: {},
    }),
  setInactivityMinutes: (minutes) =>
    set({ inactivityMinutes: Number.isFinite(minutes) && minutes >= 1 ? Math.round(minutes) : 1 }),
});

/** The open session's finished turns, in the memory worker's session format. */
export function sessionTurns(messages: readonly ChatMessageView[], sessionId: string) {
  return messages
    .filter((m) => m.sessionId === sessionId && m.status === 'done' && m.text.trim() !== '')
    .map((m, i) => ({ id: `${sessionId}:${i}`, speaker: m.role, text: m.text }));
}

/** True when the open session has been idle for the configured time. */
export function sessionIdle(
  lastActivityAt: number | null,
  now: number,
  inactivityMinutes: number,
): boolean {
  return lastActivityAt !== null && now - lastActivityAt >= inactivityMinutes * 60_000;
}
