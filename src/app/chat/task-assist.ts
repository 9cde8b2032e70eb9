/**
 * Task-like requests in the chat (booking, ordering, media, rides): classify the message (the
 * LLM with a JSON schema when one is loaded, else keywords: task-classify.ts), recall the task
 * memory for it through the memory worker, and answer from the task-flow state machine: a
 * confirmation carrying the remembered slots (with the memories that supplied them) or the next
 * missing-slot question. With a model loaded the reply is the model's, checked against the slots
 * the state machine holds, or the template when the check fails (task-reply.ts); the check is
 * kept for the message's details. A slot corrected with the inline control is written back to
 * the memory unit that supplied it (correctSlot in the worker). The chat joins each task turn
 * through `TaskTurnHooks`: once the message is known to be a task, the reply is shown as being
 * written and the chat's topic routing runs before its words are.
 * The dialogue's state (the open task, the confirmation cards, the reply checks) lives in the
 * store's task slice (src/state/task-slice.ts); only the in-flight reply's abort handle is kept
 * here.
 */
import { asTurnId } from '../../engine/types.ts';
import { sessionTurns } from '../../state/chat-slice.ts';
import { newId } from '../../state/ids.ts';
import type { GroveStore } from '../../state/store.ts';
import type { TaskCard } from '../../state/task-types.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import type { RecalledSlot } from '../../storage/task-memory-store.ts';
import type { ChatLlm } from './chat-controller.ts';
import { classifyRequest } from './task-classify.ts';
import { continueTask, correctTask, isOpen, startTask, type TaskStep } from './task-flow.ts';
import { modelWrites, writeTaskReply } from './task-reply.ts';

export type { TaskCard } from '../../state/task-types.ts';

/** How the chat takes part in a task turn it hands over. */
export interface TaskTurnHooks {
  /** The reply message's id (the chat keys the reply's memories and topic turn on it). */
  readonly replyId: string;
  /**
   * Runs once the message is known to be a task, after the reply appears as being written and
   * before its words are: the chat's topic routing. `answersTask`: the
   * message continues an open task dialogue (it answers a question or the confirmation), rather
   * than starting a task. Must not throw.
   */
  readonly beforeReply: (turn: { readonly answersTask: boolean }) => Promise<void>;
}

export interface TaskAssist {
  /** Answers `text` when it is (or continues) a task; false: not a task, the chat answers. */
  handle(text: string, hooks?: TaskTurnHooks): Promise<boolean>;
  /** The inline correction of one slot shown on confirmation `messageId`. */
  correct(messageId: string, slot: string, value: string): Promise<void>;
  /** Stops the model writing a task reply (the template reply is shown instead). */
  stop(): void;
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
  // The model writing the current task reply (stop() aborts it): a handle, not state.
  let writing: AbortController | undefined;

  /**
   * Shows the reply as being written, runs `beforeReply` (the chat's part of the turn), then
   * writes its text: the model's checked reply, or the template (at once, with no model). Stop,
   * before or while the model writes, means the template.
   */
  async function write(
    id: string,
    sessionId: string,
    step: TaskStep,
    beforeReply?: () => Promise<void>,
  ) {
    const chatLlm = deps.chatLlm();
    const llm = chatLlm && modelWrites(step.state) ? chatLlm : undefined;
    const model = llm?.label ?? TASK_REPLY_MODEL;
    store
      .getState()
      .addMessage(
        { id, role: 'assistant', text: '', status: 'streaming', sessionId, model, task: true },
        now(),
      );
    const control = new AbortController();
    writing = control;
    try {
      await beforeReply?.();
      if (!llm) {
        store.getState().finishMessage(id, { text: step.reply, status: 'done' });
        return;
      }
      const turns = sessionTurns(store.getState().messages, sessionId).map((t) => ({
        ...t,
        id: asTurnId(t.id),
      }));
      const reply = await writeTaskReply({ llm: llm.port, step, turns, signal: control.signal });
      store.getState().finishMessage(id, {
        text: reply.text,
        status: 'done',
        model: reply.check.source === 'model' ? llm.label : TASK_REPLY_MODEL,
      });
      store.getState().recordTaskCheck(id, reply.check);
    } finally {
      if (writing === control) writing = undefined;
    }
  }

  const answer = async (
    sessionId: string,
    step: TaskStep,
    options: {
      readonly note?: string | undefined;
      readonly hooks?: TaskTurnHooks | undefined;
      readonly answersTask?: boolean;
    },
  ) => {
    const { note, hooks, answersTask = false } = options;
    const id = hooks?.replyId ?? newId('m');
    const { state } = step;
    store.getState().closeTaskCards();
    // The state machine moves on at once; only the reply's wording waits for the model.
    store.getState().setActiveTask({ sessionId, state, cardId: null });
    await write(id, sessionId, step, hooks && (() => hooks.beforeReply({ answersTask })));
    // Another turn may have moved the dialogue on while this reply was written.
    const isLatest = () => store.getState().activeTask?.state === state;
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
        open: isLatest(),
        ...(note ? { note } : {}),
      };
      store.getState().putTaskCard(card);
      if (isLatest()) store.getState().setActiveTask({ sessionId, state, cardId: id });
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
    async handle(text, hooks) {
      const { sessionId, activeTask: active } = store.getState();
      if (active && active.sessionId === sessionId && isOpen(active.state)) {
        await answer(sessionId, continueTask(active.state, text), { hooks, answersTask: true });
        return true;
      }
      const kind = await classifyRequest(text, deps.chatLlm()?.port);
      if (!kind) return false;
      const found = await recall(kind.id, sessionId);
      await answer(sessionId, startTask(kind, text, found.slots), { note: found.note, hooks });
      return true;
    },
    async correct(messageId, slot, value) {
      const trimmed = value.trim();
      const active = store.getState().activeTask;
      if (!active || active.cardId !== messageId || trimmed === '') return;
      const { state, sessionId } = active;
      const source = state.sources[slot];
      if (source && store.getState().memoryEnabled)
        await memory.correctTaskSlot(source.unitId, state.kind.id, slot, trimmed);
      await answer(sessionId, correctTask(state, slot, trimmed), {});
    },
    stop: () => writing?.abort(),
  };
}
