/**
 * The composition root: the store, the memory worker, the chat and memory controllers, the LLM
 * runtime mirrored into the store, and `window.grove.app` for e2e specs and the console.
 */
import { createGroveStore, type GroveStore } from '../state/store.ts';
import { DEFAULT_PROFILE } from '../state/profile-slice.ts';
import { viewFromHash } from '../state/ui-slice.ts';
import { ChatHistoryStore } from '../storage/chat-history.ts';
import { GroveDb } from '../storage/db.ts';
import { serveLlmRequests } from '../storage/llm-bridge.ts';
import type { MemoryClient } from '../storage/memory-client.ts';
import { createChatController, type ChatController, type ChatLlm } from './chat/chat-controller.ts';
import { persistChat } from './chat/chat-persistence.ts';
import {
  createConversationActions,
  type ConversationActions,
} from './chat/conversation-actions.ts';
import { createTaskAssist, type TaskAssist } from './chat/task-assist.ts';
import { createTopicRouter } from './chat/discourse-context.ts';
import { lazyEmbedder } from './chat/topic-embedder.ts';
import { persistTopics } from './chat/topics-persistence.ts';
import { createMemoryActions, savedProfileId, type MemoryActions } from './memory-actions.ts';
import { startMemoryTestMode } from './memory-test-mode.ts';
import { memoryWorkerConfig, startMemoryWorker } from './memory-worker.ts';
import { runtime, runtimeService, type RuntimeService } from './runtime.ts';
import { registerTestApi } from './test-api.ts';
import { OneEngineLlm } from './test-mode/one-engine-llm.ts';
import { ScriptedChatLlm } from './test-mode/scripted-chat-llm.ts';
import { parseTestMode, testModeLabel, type ScriptedTestMode } from './test-mode/test-mode.ts';

export interface AppServices {
  readonly store: GroveStore;
  readonly memory: MemoryClient;
  readonly chat: ChatController;
  readonly memoryActions: MemoryActions;
  readonly testMode: ScriptedTestMode | null;
  /** MAP task memory in the chat: confirmations and their corrections. */
  readonly tasks: TaskAssist;
  /** The conversation history: open or delete a past conversation. */
  readonly conversations: ConversationActions;
  /** The LLM runtime's actions (its snapshot is the store's `runtime`). */
  readonly runtime: RuntimeService;
}

function chatLlmSource(
  testMode: ScriptedTestMode | null,
  oneEngine: OneEngineLlm | undefined,
): () => ChatLlm | undefined {
  if (oneEngine) return () => ({ port: oneEngine, label: 'Scripted LLM (test mode, one engine)' });
  if (testMode) {
    const scripted = new ScriptedChatLlm();
    return () => ({ port: scripted, label: 'Scripted LLM (test mode)' });
  }
  return () => {
    const port = runtime.llm;
    return port ? { port, label: port.id } : undefined;
  };
}

/** Test mode's one engine, lent to the memory worker for good. */
function lendOneEngine(worker: Worker, memory: MemoryClient, engine: OneEngineLlm) {
  serveLlmRequests(worker, () => engine);
  void memory.useLlm(engine.id);
}

/** The memory worker borrows the page's model for extraction, summaries and judging. */
function lendPageLlm(worker: Worker, memory: MemoryClient, onChange: () => Promise<void>) {
  serveLlmRequests(worker, () => runtime.llm);
  let lent: string | null = null;
  runtime.subscribe(() => {
    const id = runtime.llm?.id ?? null;
    if (id === lent) return;
    lent = id;
    void memory.useLlm(id).then(onChange);
  });
}

export function startServices(location: Location = window.location): AppServices {
  const testMode = parseTestMode(location.search);
  const store = createGroveStore();
  const workerConfig = memoryWorkerConfig(testMode);
  const { worker, memory } = startMemoryWorker(workerConfig);
  // The page writes the conversation history itself (small, quick writes; same database).
  const history = new ChatHistoryStore(new GroveDb(workerConfig.db));
  const memoryActions = createMemoryActions(store, memory);
  const oneEngine = testMode?.oneEngine ? new OneEngineLlm(testMode.oneEngine) : undefined;
  const chatLlm = chatLlmSource(testMode, oneEngine);
  const tasks = createTaskAssist({ store, memory, chatLlm });
  const chat = createChatController({
    store,
    memory,
    chatLlm,
    tasks,
    onMemoryChanged: () => memoryActions.refresh(),
    topics: createTopicRouter({ store, embedder: lazyEmbedder() }),
  });

  if (testMode) store.getState().setTestMode({ label: testModeLabel(null, []) });
  // `/?test=memory` (labelled): window.grove.memory on a worker of its own; the layout says so.
  store.getState().setMemoryTestMode(startMemoryTestMode(location.search));
  memory.onBroadcast((m) => store.getState().updateIngestion(m.sessionId, m.stage));
  const showStatus = () =>
    memory.status().then(
      (status) => {
        store.getState().setWorkerStatus(status);
        if (testMode)
          store.getState().setTestMode({ label: testModeLabel(status.embedder, status.notes) });
      },
      (error: unknown) => store.getState().setMemoryError((error as Error).message),
    );
  if (oneEngine) lendOneEngine(worker, memory, oneEngine);
  if (!testMode) lendPageLlm(worker, memory, showStatus);
  store.getState().setRuntime(runtime.getSnapshot());
  runtime.subscribe(() => store.getState().setRuntime(runtime.getSnapshot()));

  const initialView = viewFromHash(location.hash);
  if (initialView) store.getState().setView(initialView);

  const profileId = savedProfileId() ?? DEFAULT_PROFILE.id;
  store.getState().setActiveProfile(profileId);
  persistTopics(store, history);
  persistChat(store, history);
  const conversations = createConversationActions({ store, chat, history });
  void memoryActions.openProfile(
    profileId,
    profileId === DEFAULT_PROFILE.id ? DEFAULT_PROFILE.name : profileId,
  );
  void showStatus();

  registerTestApi('app', {
    store,
    send: (text: string) => chat.send(text),
    endSession: () => chat.endSession('user'),
    refresh: () => memoryActions.refresh(),
    /** The live tree in plain data: fact texts, node and level counts. */
    async tree() {
      const tree = await memory.tree();
      return {
        facts: [...tree.facts.values()].map((f) => f.text),
        nodes: tree.nodes.size,
        levels: tree.levels.map((l) => l.length),
      };
    },
    status: () => memory.status(),
    /** Test mode with one engine: every call it ran, in order of completion. */
    engineLog: () => oneEngine?.log ?? [],
  });
  return {
    store,
    memory,
    chat,
    memoryActions,
    testMode,
    tasks,
    conversations,
    runtime: runtimeService,
  };
}
