/**
 * The chat's task dialogue (MAP, guide §1.3): the open task, the confirmation card under each
 * task reply and how each model-written task reply was checked. The task assist
 * (src/app/chat/task-assist.ts) writes it; the chat's views read it.
 */
import type { SliceCreator } from './store-types.ts';
import type { TaskCard, TaskReplyCheck, TaskState } from './task-types.ts';

/** The task dialogue in progress, and the confirmation of it that can still be corrected. */
export interface ActiveTask {
  readonly sessionId: string;
  readonly state: TaskState;
  /** The open confirmation's message id (null: the dialogue is not confirming). */
  readonly cardId: string | null;
}

export interface TaskSlice {
  readonly activeTask: ActiveTask | null;
  /** Confirmations by message id. */
  readonly taskCards: Readonly<Record<string, TaskCard>>;
  /** How each model-era task reply was checked, by message id (none in memory-only mode). */
  readonly taskChecks: Readonly<Record<string, TaskReplyCheck>>;
  setActiveTask(active: ActiveTask | null): void;
  /** Adds (or replaces) the confirmation under reply `card.messageId`. */
  putTaskCard(card: TaskCard): void;
  /** Every confirmation shown so far can no longer be corrected. */
  closeTaskCards(): void;
  recordTaskCheck(messageId: string, check: TaskReplyCheck): void;
}

export const createTaskSlice: SliceCreator<TaskSlice> = (set) => ({
  activeTask: null,
  taskCards: {},
  taskChecks: {},
  setActiveTask: (activeTask) => set({ activeTask }),
  putTaskCard: (card) => set((s) => ({ taskCards: { ...s.taskCards, [card.messageId]: card } })),
  closeTaskCards: () =>
    set((s) => ({
      taskCards: Object.fromEntries(
        Object.entries(s.taskCards).map(([id, c]) => [id, c.open ? { ...c, open: false } : c]),
      ),
    })),
  recordTaskCheck: (messageId, check) =>
    set((s) => ({ taskChecks: { ...s.taskChecks, [messageId]: check } })),
});
