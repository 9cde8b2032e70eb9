/**
 * The conversation history of the active profile, as the list beside the chat shows it: one
 * entry per past (or open) conversation, newest first, and why it could not be saved, if so.
 */
import type { ChatRow } from '../storage/rows.ts';
import type { SliceCreator } from './store-types.ts';

/** A conversation as the history list shows it: its stored row, without the profile key. */
export type ConversationSummary = Omit<ChatRow, 'profileId'>;

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
