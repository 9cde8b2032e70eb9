/**
 * The conversation history of the active profile, as the list beside the chat shows it: one
 * entry per past (or open) conversation, newest first, and why it could not be saved, if so.
 */
import type { SliceCreator } from './store-types.ts';

export interface ConversationSummary {
  readonly id: string;
  /** The first user message, trimmed. */
  readonly title: string;
  /** Epoch ms: first saved, and last new message. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly messageCount: number;
  readonly memoryEnabled: boolean;
}

export interface HistorySlice {
  /** The active profile's conversations, the most recently updated first. */
  readonly conversations: readonly ConversationSummary[];
  /** Saving or reading the history failed (null: all is well). */
  readonly historyError: string | null;
  readonly historyOpen: boolean;
  setConversations(conversations: readonly ConversationSummary[]): void;
  setHistoryError(message: string | null): void;
  setHistoryOpen(open: boolean): void;
}

export const createHistorySlice: SliceCreator<HistorySlice> = (set) => ({
  conversations: [],
  historyError: null,
  historyOpen: true,
  setConversations: (conversations) =>
    set({ conversations: [...conversations].sort((a, b) => b.updatedAt - a.updatedAt) }),
  setHistoryError: (historyError) => set({ historyError }),
  setHistoryOpen: (historyOpen) => set({ historyOpen }),
});
