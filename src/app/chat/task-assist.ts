/**
 * Task-like requests in the chat (booking, ordering, media, rides): classify the message (the
 * LLM with a JSON schema when one is loaded, else keywords: task-classify.ts), recall the task
 * memory for it through the memory worker, and answer from the task-flow state machine: a
 * confirmation carrying the remembered slots (with the memories that supplied them) or the next
 * missing-slot question. With a model loaded the reply is the model's, checked against the slots
 * the state machine holds, or the template when the check fails (task-reply.ts); the check is
 * kept for the message's details. A slot corrected with the inline control is written back to
 * the memory unit that supplied it (correctSlot in the worker).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { asTurnId } from '../../engine/types.ts';
import { sessionTurns } from '../../state/chat-slice.ts';
import { newId } from '../../state/ids.ts';
import type { GroveStore } from '../../state/store.ts';
import type { MemoryClient } from '../../storage/memory-client.ts';
import type { RecalledSlot } from '../../storage/task-memory-store.ts';
import type { ChatLlm } from './chat-controller.ts';
import { classifyRequest } from './task-classify.ts';
import {
  continueTask,
  correctTask,
  isOpen,
  startTask,
  type TaskState,
  type TaskStep,
} from './task-flow.ts';
import { modelWrites, writeTaskReply, type TaskReplyCheck } from './task-reply.ts';

/** What the confirmation under a reply shows. */
export interface TaskCard {
  readonly messageId: string;
  readonly kindLabel: string;
  readonly slots: readonly {
    readonly name: string;
    readonly label: string;
    readonly value: string;
    readonly source?: RecalledSlot;
    /** The user corrected it inline (and the memory that supplied it, if any, was updated). */
    readonly corrected: boolean;
  }[];
  /** Only the latest confirmation of an open task can be corrected. */
  readonly open: boolean;
  /** Why memory supplied nothing, when it could not be read. */
  readonly note?: string;
}

export interface TaskCards {
  readonly cards: Readonly<Record<string, TaskCard>>;
  /** How each model-era task reply was checked, by message id (none in memory-only mode). */
  readonly checks: Readonly<Record<string, TaskReplyCheck>>;
}

export interface TaskAssist {
  /** Answers `text` when it is (or continues) a task; false: not a task, the chat answers. */
  handle(text: string): Promise<boolean>;
  /** The inline correction of one slot shown on confirmation `messageId`. */
  correct(messageId: string, slot: string, value: string): Promise<void>;
  /** Stops the model writing a task reply (the template reply is shown instead). */
  stop(): void;
  readonly cards: StoreApi<TaskCards>;
}

export const TASK_REPLY_MODEL = 'task assistant (template)';

export function createTaskAssist(deps: {
  readonly store: GroveStore;
  readonly memory: MemoryClient;
  readonly chatLlm: () => ChatLlm | undefined;
  readonly now?: () => number;
}): TaskAssist {
  const { store, memory } = deps;
  const now = deps.now ?? Date.now;
  const cards = createStore<TaskCards>()(() => ({ cards: {}, checks: {} }));
  let active: { sessionId: string; state: TaskState; cardId: string | null } | null = null;
  let writing: AbortController | undefined;

  const closeCards = () => {
    const all = cards.getState().cards;
    const closed = Object.fromEntries(
      Object.entries(all).map(([id, c]) => [id, c.open ? { ...c, open: false } : c]),
    );
    cards.setState({ cards: closed });
  };

  /** The reply text: the model's checked reply, or the template (at once, with no model). */
  async function write(id: string, sessionId: string, step: TaskStep) {
    const llm = deps.chatLlm();
    const add = (text: string, status: 'done' | 'streaming', model: string) =>
      store.getState().addMessage({ id, role: 'assistant', text, status, sessionId, model }, now());
    if (!llm || !modelWrites(step.state)) {
      add(step.reply, 'done', TASK_REPLY_MODEL);
      return;
    }
    const turns = sessionTurns(store.getState().messages, sessionId).map((t) => ({
      ...t,
      id: asTurnId(t.id),
    }));
    add('', 'streaming', llm.label);
    const control = new AbortController();
    writing = control;
    try {
      const reply = await writeTaskReply({ llm: llm.port, step, turns, signal: control.signal });
      const model = reply.check.source === 'model' ? llm.label : TASK_REPLY_MODEL;
      store.getState().finishMessage(id, { text: reply.text, status: 'done', model });
      const { checks } = cards.getState();
      cards.setState({ checks: { ...checks, [id]: reply.check } });
    } finally {
      if (writing === control) writing = undefined;
    }
  }

  const answer = async (sessionId: string, step: TaskStep, note?: string) => {
    const id = newId('m');
    const { state } = step;
    closeCards();
    // The state machine moves on at once; only the reply's wording waits for the model.
    active = { sessionId, state, cardId: null };
    await write(id, sessionId, step);
    if (state.phase === 'confirming') {
      const card: TaskCard = {
        messageId: id,
        kindLabel: state.kind.label,
        slots: state.kind.slots.map((s) => {
          const source = state.sources[s.name];
          return {
            name: s.name,
            label: s.label,
            value: state.values[s.name] ?? '',
            corrected: state.corrected.includes(s.name),
            ...(source ? { source } : {}),
          };
        }),
        open: active.state === state,
        ...(note ? { note } : {}),
      };
      cards.setState({ cards: { ...cards.getState().cards, [id]: card } });
      if (active.state === state) active = { sessionId, state, cardId: id };
    }
    store.setState({ lastActivityAt: now() });
  };

  async function recall(kindId: string, sessionId: string) {
    const s = store.getState();
    if (!s.memoryEnabled) return { slots: [] as RecalledSlot[] };
    try {
      const reply = await memory.recallTask(kindId, sessionTurns(s.messages, sessionId));
      return { slots: [...reply.slots] };
    } catch (error) {
      return {
        slots: [] as RecalledSlot[],
        note: `Task memory could not be read: ${(error as Error).message}`,
      };
    }
  }

  return {
    cards,
    async handle(text) {
      const sessionId = store.getState().sessionId;
      if (active && active.sessionId === sessionId && isOpen(active.state)) {
        await answer(sessionId, continueTask(active.state, text));
        return true;
      }
      const kind = await classifyRequest(text, deps.chatLlm()?.port);
      if (!kind) return false;
      const found = await recall(kind.id, sessionId);
      await answer(sessionId, startTask(kind, text, found.slots), found.note);
      return true;
    },
    async correct(messageId, slot, value) {
      const trimmed = value.trim();
      if (!active || active.cardId !== messageId || trimmed === '') return;
      const { state, sessionId } = active;
      const source = state.sources[slot];
      if (source && store.getState().memoryEnabled)
        await memory.correctTaskSlot(source.unitId, state.kind.id, slot, trimmed);
      await answer(sessionId, correctTask(state, slot, trimmed));
    },
    stop: () => writing?.abort(),
  };
}
