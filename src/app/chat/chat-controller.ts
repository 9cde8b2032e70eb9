/**
 * The chat's behaviour: send a message (route it through the topic forest and retrieve memories
 * in the memory worker, then stream the reply from the active LLM or answer from memory only),
 * end a session (by the user or after inactivity) and hand its turns to the memory worker for
 * background ingestion. A task turn is answered by the task assist: it is routed once it is known
 * to be a task, before its reply is written, and its related memories are searched after.
 */
import { isAbortError } from '../../engine/errors.ts';
import type { LlmPort } from '../../engine/ports.ts';
import type { RetrievedItem, TraversalEvent } from '../../engine/retrieval.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import { sessionIdle, sessionTurns } from '../../state/chat-slice.ts';
import { EMPTY_MEMORIES, type TurnStage } from '../../state/chat-types.ts';
import { newId } from '../../state/ids.ts';
import type { GroveStore } from '../../state/store.ts';
import type { RouteOptions, TopicRouter, TopicTurnHandle } from './discourse-context.ts';
import { answerRequest, memoryOnlyReply, streamReply } from './reply.ts';
import type { TaskAssist } from './task-assist.ts';

export interface ChatLlm {
  readonly port: LlmPort;
  readonly label: string;
}

export interface ChatDeps {
  readonly store: GroveStore;
  readonly memory: MemoryClient;
  /** The model replies come from right now, or undefined in no-LLM mode. */
  readonly chatLlm: () => ChatLlm | undefined;
  /** Called after memories changed (a session was ingested). */
  readonly onMemoryChanged: () => Promise<void>;
  /** Context-Agent: routes each turn through the conversation's topic forest (optional). */
  readonly topics?: TopicRouter;
  /** MAP task memory: answers task-like requests (task-assist.ts) before the normal reply. */
  readonly tasks?: TaskAssist;
  readonly now?: () => number;
}

export type EndReason = 'user' | 'inactivity' | 'new-conversation' | 'open-conversation';

export interface ChatController {
  send(text: string): Promise<void>;
  /** Stops the reply being written (what was written so far is kept). */
  stop(): void;
  endSession(reason?: EndReason): Promise<void>;
  newConversation(): Promise<void>;
  dispose(): void;
}

export function createChatController(deps: ChatDeps): ChatController {
  const { store, memory } = deps;
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ingestions = new Set<Promise<void>>();
  let generating: AbortController | undefined;
  /** The turn being prepared (routing, memory search): Stop cancels its search. */
  let preparing: AbortController | undefined;

  const arm = () => {
    if (timer !== undefined) clearTimeout(timer);
    const { lastActivityAt, inactivityMinutes } = store.getState();
    if (lastActivityAt === null) return;
    const due = lastActivityAt + inactivityMinutes * 60_000 - now();
    timer = setTimeout(
      () => {
        const s = store.getState();
        if (sessionIdle(s.lastActivityAt, now(), s.inactivityMinutes))
          void endSession('inactivity');
        else arm();
      },
      Math.max(0, due),
    );
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.inactivityMinutes !== prev.inactivityMinutes || s.lastActivityAt !== prev.lastActivityAt)
      arm();
  });

  /**
   * Resolves once the memory worker has the profile open (null when it already has: then the
   * caller posts at once, so a session ended before a profile switch stays in its own profile).
   */
  function profileReady(): Promise<void> | null {
    if (!store.getState().profileLoading) return null;
    return new Promise((resolve) => {
      const stop = store.subscribe((s) => {
        if (s.profileLoading) return;
        stop();
        resolve();
      });
    });
  }

  async function retrieve(
    replyId: string,
    text: string,
    signal?: AbortSignal,
  ): Promise<readonly RetrievedItem[] | null> {
    const s = store.getState();
    if (!s.memoryEnabled) return null;
    s.setMemories(replyId, EMPTY_MEMORIES);
    const stage = (searching: TurnStage['searching']) =>
      store.getState().setStage(replyId, (st) => ({ ...st, searching }));
    // The walk goes down from the roots' level: the first level visited tells how many there are.
    let top: number | undefined;
    stage({ step: 0, steps: 0 });
    try {
      await profileReady();
      const startedAt = now();
      const reply = await memory.retrieve(
        text,
        { effort: s.memoryEffort },
        (event) => {
          store.getState().addTraversalEvent(replyId, event as TraversalEvent);
          if (event.type !== 'visit') return;
          top ??= Math.max(1, event.level);
          stage({ step: top - Math.max(1, event.level) + 1, steps: top });
        },
        signal,
      );
      stage(false);
      store.getState().setMemories(replyId, {
        status: 'done',
        items: reply.items,
        events: reply.events,
        judge: reply.judge,
        llmCalls: reply.llmCalls,
        searchMs: now() - startedAt,
      });
      store.getState().setLastTraversal(reply.events);
      return reply.items;
    } catch (error) {
      stage(false);
      store.getState().setMemories(replyId, {
        ...EMPTY_MEMORIES,
        status: 'failed',
        error:
          isAbortError(error) && signal?.aborted
            ? 'Memory search stopped.'
            : `Memory could not be searched: ${namedMessage(error)}`,
      });
      return [];
    }
  }

  /** Routes the turn through the topic forest (no LLM call before the reply: reply-first.ts). */
  function route(replyId: string, text: string, llm: ChatLlm | undefined, options: RouteOptions) {
    if (!deps.topics) return Promise.resolve(null);
    const routingStage = (routing: boolean) =>
      store.getState().setStage(replyId, (st) => ({ ...st, routing }));
    routingStage(true);
    return deps.topics.route(replyId, text, llm?.port, options).finally(() => routingStage(false));
  }

  /** A turn's context, in a fixed order: routing starts, then retrieval; both are awaited. */
  async function turnContext(
    replyId: string,
    text: string,
    llm: ChatLlm | undefined,
    signal?: AbortSignal,
  ) {
    const routing = route(replyId, text, llm, {});
    const memories = await retrieve(replyId, text, signal);
    return { memories, topic: await routing };
  }

  /**
   * Hands the turn to the task assist; true when it answered. The task reply is written from the
   * task memory, so the memory tree's related memories are searched after it, not before (their
   * judge call would only delay it). The round is committed with the task reply as shown (also
   * without a model), or dropped if there was no reply.
   */
  async function sendTask(replyId: string, text: string, llm: ChatLlm | undefined) {
    if (!deps.tasks) return false;
    const turn: { topic: TopicTurnHandle | null } = { topic: null };
    try {
      const answered = await deps.tasks.handle(text, {
        replyId,
        beforeReply: async ({ answersTask }) => {
          turn.topic = await route(replyId, text, llm, { answersTask });
        },
      });
      if (answered) await retrieve(replyId, text);
      return answered;
    } finally {
      await turn.topic?.finish({ keepReplyText: true });
    }
  }

  async function send(raw: string): Promise<void> {
    const text = raw.trim();
    if (!text) return;
    const s = store.getState();
    const history = s.messages.filter((m) => m.sessionId === s.sessionId);
    const llm = deps.chatLlm();
    s.addMessage(
      { id: newId('m'), role: 'user', text, status: 'done', sessionId: s.sessionId },
      now(),
    );
    const replyId = newId('m');
    if (await sendTask(replyId, text, llm)) {
      store.setState({ lastActivityAt: now() });
      return;
    }
    s.addMessage(
      {
        id: replyId,
        role: 'assistant',
        text: '',
        status: 'streaming',
        sessionId: s.sessionId,
        model: llm?.label ?? null,
      },
      now(),
    );
    const control = new AbortController();
    preparing = control;
    const { memories, topic } = await turnContext(replyId, text, llm, control.signal).finally(
      () => {
        if (preparing === control) preparing = undefined;
      },
    );
    if (control.signal.aborted) {
      store.getState().finishMessage(replyId, {
        status: 'failed',
        error: 'Stopped before the model wrote anything.',
      });
    } else if (!llm) {
      store.getState().finishMessage(replyId, { text: memoryOnlyReply(memories), status: 'done' });
    } else {
      const control = new AbortController();
      generating = control;
      store.getState().setStage(replyId, (st) => ({ ...st, writing: true }));
      try {
        const request =
          topic?.request(memories, control.signal) ??
          answerRequest(history, text, memories, control.signal);
        const done = await streamReply(llm.port, request, (delta) =>
          store.getState().appendDelta(replyId, delta),
        );
        store.getState().finishMessage(replyId, { text: done.text, status: 'done' });
        const measured = llm.port.measuredProfile?.();
        if (measured) store.getState().setMeasuredProfile(measured);
      } catch (error) {
        const soFar = store.getState().messages.find((m) => m.id === replyId)?.text ?? '';
        if (control.signal.aborted && soFar.trim() !== '') {
          store.getState().finishMessage(replyId, { text: `${soFar} …(stopped)`, status: 'done' });
        } else {
          store.getState().finishMessage(replyId, {
            status: 'failed',
            error: control.signal.aborted
              ? 'Stopped before the model wrote anything.'
              : `The model could not answer: ${namedMessage(error)}`,
          });
        }
      } finally {
        generating = undefined;
      }
    }
    await topic?.finish();
    // The reply counts as activity: the inactivity clock restarts when it ends.
    store.setState({ lastActivityAt: now() });
  }

  async function endSession(_reason: EndReason = 'user'): Promise<void> {
    const s = store.getState();
    const sessionId = s.sessionId;
    const turns = sessionTurns(s.messages, sessionId);
    s.startSession(newId('s'));
    if (turns.length === 0) return;
    if (!s.memoryEnabled) {
      s.updateIngestion(sessionId, 'skipped', {
        detail: 'Memory is off for this conversation: nothing from it was remembered.',
      });
      return;
    }
    s.updateIngestion(sessionId, 'queued');
    const waiting = profileReady();
    if (waiting) await waiting;
    const job = memory
      .ingest({ id: sessionId, time: new Date(now()).toISOString(), turns }, s.conversationId)
      .then(async (result) => {
        const update = store.getState().updateIngestion;
        if (result.status === 'paused') update(sessionId, 'paused');
        else update(sessionId, 'done', result.status === 'ingested' ? { facts: result.facts } : {});
        await deps.onMemoryChanged();
      })
      .catch((error: unknown) =>
        store.getState().updateIngestion(sessionId, 'failed', { detail: (error as Error).message }),
      );
    ingestions.add(job);
    await job;
    ingestions.delete(job);
  }

  return {
    send,
    stop: () => {
      preparing?.abort();
      generating?.abort();
      deps.tasks?.stop();
    },
    endSession,
    async newConversation() {
      const ending = endSession('new-conversation');
      store.getState().newConversation(newId('c'), store.getState().sessionId);
      await ending;
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
    },
  };
}

/** "WorkerCrashedError: The memory worker stopped (…)": the class when it says more than Error. */
function namedMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
}
