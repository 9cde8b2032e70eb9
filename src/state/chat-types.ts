/** What the chat shows: messages, and for each reply the memories it used and how they were found. */
import type { RetrievedItem, TraversalEvent } from '../engine/retrieval.ts';

export type MemoriesStatus = 'retrieving' | 'done' | 'failed';

export interface MemoriesUsed {
  readonly status: MemoriesStatus;
  readonly items: readonly RetrievedItem[];
  readonly events: readonly TraversalEvent[];
  /** The judge that walked the tree, e.g. "tacitree:llm" or "tacitree:embedding". */
  readonly judge: string;
  readonly llmCalls: number;
  /** Milliseconds the search took, measured on the page from the question to the answer. */
  readonly searchMs?: number;
  readonly error?: string;
}

export type MessageStatus = 'streaming' | 'done' | 'failed';

/**
 * Where a reply waits before its first token: the topic being routed, memory being searched
 * (level `step` of `steps` of the walk, when known) and the model writing.
 */
export interface TurnStage {
  readonly routing: boolean;
  readonly searching: false | { readonly step: number; readonly steps: number };
  readonly writing: boolean;
}

export interface ChatMessageView {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly status: MessageStatus;
  readonly sessionId: string;
  /** Replies only: the memories this reply used (absent when memory is off). */
  readonly memories?: MemoriesUsed;
  /** Replies only: which model wrote it, or null for a memory-only reply (no model loaded). */
  readonly model?: string | null;
  /**
   * Replies only: written by the task assist from the task dialogue (task-assist.ts). Its
   * memories and topic line are shown as related to the task, not as what the reply was
   * written from.
   */
  readonly task?: boolean;
  /** Replies only, while they wait for their first token: what is being done. */
  readonly stage?: TurnStage;
  readonly error?: string;
}

export const EMPTY_MEMORIES: MemoriesUsed = {
  status: 'retrieving',
  items: [],
  events: [],
  judge: '',
  llmCalls: 0,
};
