/**
 * The composition root: the store, the memory worker, the chat and memory controllers, the LLM
 * runtime mirrored into the store, and (e2e test build only) `window.grove.app` for e2e specs.
 */
import { totalsByPurpose } from '../engine/cost/index.ts';
import { callLog } from './call-log.ts';
import { createGroveStore, type GroveStore } from '../state/store.ts';
import { DEFAULT_PROFILE } from '../state/profile-slice.ts';
import { viewFromHash } from '../state/ui-slice.ts';
import { ChatHistoryStore } from '../storage/chat-history.ts';
import { GroveDb } from '../storage/db.ts';
import { servePageLlm } from '../rpc/page-llm-bridge.ts';
import type { LlmPort } from '../engine/ports.ts';
import type { MemoryClient } from '../memory-backend/memory-client.ts';
import { createChatController, type ChatController, type ChatLlm } from './chat/chat-controller.ts';
import { persistChat } from './chat/chat-persistence.ts';
import {
  createConversationActions,
  type ConversationActions,
} from './chat/conversation-actions.ts';
import { createTaskAssist, type TaskAssist } from './chat/task-assist.ts';
import { createTopicRouter } from './chat/discourse-context.ts';
import { lazyEmbedder } from './chat/topic-embedder.ts';
import { tabEmbedRuntime, type EmbedRuntime } from '../models/embedder/embed-runtime.ts';
import { persistTopics } from './chat/topics-persistence.ts';
import { createMemoryActions, savedProfileId, type MemoryActions } from './memory-actions.ts';
import { followMemoryChanges } from './follow-memory.ts';
import { startMemoryTestMode } from './memory-test-mode.ts';
import { memoryWorkerConfig, startMemoryWorker, type MemoryWorkerStart } from './memory-worker.ts';
import {
  onLlmWorker,
  runtime,
  runtimeService,
  useTestTextGenWorker,
  type RuntimeService,
} from './runtime.ts';
import { registerTestApi } from './test-api.ts';
import { appTestApi } from './services-test-api.ts';
import { OneEngineLlm } from './test-mode/one-engine-llm.ts';
import { ScriptedChatLlm } from './test-mode/scripted-chat-llm.ts';
import {
  otherTestModeDb,
  parseTestMode,
  testDatabaseLabel,
  testModeLabel,
  type ScriptedTestMode,
} from './test-mode/test-mode.ts';
import { testModeStorage } from './test-mode/test-storage.ts';
import { startTestTextGenWorker } from './test-mode/test-textgen-worker.ts';

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
  /** The tab's one embed runtime (ONNX + loaded embedders), lent to the workers that embed. */
  readonly embed: EmbedRuntime;
}

function chatLlmSource(
  testMode: ScriptedTestMode | null,
  oneEngine: OneEngineLlm | undefined,
): () => ChatLlm | undefined {
  if (__GROVE_TEST_BUILD__) {
    if (oneEngine)
      return () => ({ port: oneEngine, label: 'Scripted LLM (test mode, one engine)' });
    if (testMode && !testMode.modelWorker) {
      const scripted = new ScriptedChatLlm();
      return () => ({ port: scripted, label: 'Scripted LLM (test mode)' });
    }
  }
  return () => {
    const port = runtime.llm;
    return port ? { port, label: port.id } : undefined;
  };
}

/**
 * The model the memory worker borrows for extraction, summaries and judging: test mode's one
 * engine for good, else the page's loaded model (none in the scripted mode, whose worker has
 * its own).
 */
function lentLlm(
  testMode: ScriptedTestMode | null,
  oneEngine: OneEngineLlm | undefined,
): (() => LlmPort | undefined) | undefined {
  if (oneEngine) return () => oneEngine;
  return testMode ? undefined : () => runtime.llm;
}

/** Tells the worker which page model it may borrow, now and whenever the page's model changes. */
function followPageLlm(
  memory: MemoryClient,
  llm: () => LlmPort | undefined,
  onChange: () => Promise<void>,
  onError: (error: unknown) => void,
) {
  let lent: string | null = null;
  const update = () => {
    const id = llm()?.id ?? null;
    if (id === lent) return;
    lent = id;
    memory.useLlm(id).then(onChange, onError);
  };
  update();
  runtime.subscribe(update);
}

/** The worker notice: a worker stopped (and is restarting, or left stopped), then it is back. */
function workerNotices(store: GroveStore) {
  return {
    crashed: (error: Error, restarting: boolean) =>
      store.getState().setWorkerNotice({
        error: error.name,
        message: restarting
          ? `${error.message} Grove is restarting it.`
          : `${error.message} It kept stopping, so Grove left it stopped: reload the page to try again.`,
        restarted: false,
      }),
    restarted: () => {
      const notice = store.getState().workerNotice;
      if (notice)
        store.getState().setWorkerNotice({
          ...notice,
          message: notice.message.replace('Grove is restarting it.', 'Grove restarted it.'),
          restarted: true,
        });
    },
  };
}

export function startServices(location: Location = window.location): AppServices {
  // The test modes exist in the e2e test build only (src/build-flags.d.ts); there, any `?test=`
  // URL runs on a test database and its own localStorage keys, never the app's.
  const testMode = __GROVE_TEST_BUILD__ ? parseTestMode(location.search) : null;
  if (__GROVE_TEST_BUILD__ && testMode?.modelWorker) useTestTextGenWorker(startTestTextGenWorker);
  const store = createGroveStore();
  const workerConfig = memoryWorkerConfig(
    testMode,
    __GROVE_TEST_BUILD__ ? otherTestModeDb(location.search) : null,
  );
  const storage = __GROVE_TEST_BUILD__
    ? testModeStorage(workerConfig, globalThis.localStorage)
    : globalThis.localStorage;
  const oneEngine =
    __GROVE_TEST_BUILD__ && testMode?.oneEngine
      ? new OneEngineLlm(testMode.oneEngine, undefined, (call) => callLog.record(call))
      : undefined;
  callLog.subscribe((calls) => store.getState().setCallTotals(totalsByPurpose(calls)));
  const lend = lentLlm(testMode, oneEngine);
  const reportMemoryError = (error: unknown) =>
    store.getState().setMemoryError(error instanceof Error ? error.message : String(error));
  const notices = workerNotices(store);
  // The model's worker (web-llm or WASM) is watched like the memory worker: one notice.
  onLlmWorker({ onCrash: notices.crashed, onRestarted: notices.restarted });
  const topicEmbedder = lazyEmbedder();
  // The bundled model loads at once in the tab's embed worker, beside the memory worker's open
  // (its ONNX runtime takes a second or more to start): the first question and the first turn
  // find it loaded. A failed load is forgotten here and reported by the first call that needs it.
  if (workerConfig.embedder === 'bundled') topicEmbedder().catch(() => undefined);
  const memoryWorker = startMemoryWorker(workerConfig, {
    onStart: (started) => setUpMemoryWorker(started),
    onCrash: notices.crashed,
    onRestarted: () => {
      notices.restarted();
      void showStatus();
    },
  });
  const { memory } = memoryWorker;
  /** Lends the page's model to a (re)started worker; a restarted one reopens the profile too. */
  async function setUpMemoryWorker({ worker, client, stopped, restarted }: MemoryWorkerStart) {
    // The worker runs its embedder in the tab's one embed worker, over a port lent on request.
    if (workerConfig.embedder === 'bundled') tabEmbedRuntime().lend(worker, stopped);
    if (lend) servePageLlm(worker, lend, stopped);
    if (!restarted) return;
    const id = lend?.()?.id ?? null;
    if (id !== null) await client.useLlm(id);
    const profileId = store.getState().activeProfileId;
    if (!profileId) return;
    await client.open(profileId, { resume: false });
    // Sessions the stopped worker was remembering are finished in the background, as at start.
    client.resume().then((results) => {
      for (const result of results)
        if (result.status === 'ingested')
          store.getState().resumedIngestion(result.sessionId, result.facts);
      return memoryActions.refresh();
    }, reportMemoryError);
  }
  // The page writes the conversation history itself (small, quick writes; same database).
  const pageDb = new GroveDb(workerConfig.db);
  const history = new ChatHistoryStore(pageDb);
  const memoryActions = createMemoryActions(store, memory, {
    storage,
    beforeExport: () => history.settled(),
  });
  const chatLlm = chatLlmSource(testMode, oneEngine);
  const tasks = createTaskAssist({ store, memory, chatLlm });
  const chat = createChatController({
    store,
    memory,
    chatLlm,
    tasks,
    onMemoryChanged: () => memoryActions.refresh(),
    topics: createTopicRouter({ store, embedder: topicEmbedder }),
  });

  if (testMode) store.getState().setTestMode({ label: testModeLabel(null, []) });
  // `/?test=memory` (labelled): window.grove.memory on a worker of its own; the layout says so.
  // Any other `?test=` URL runs the app on a test database, and says so too.
  if (__GROVE_TEST_BUILD__)
    store
      .getState()
      .setMemoryTestMode(
        startMemoryTestMode(location.search) ??
          (workerConfig.test && !testMode ? { label: testDatabaseLabel(workerConfig.db) } : null),
      );
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
  if (lend) followPageLlm(memory, lend, showStatus, reportMemoryError);
  store.getState().setRuntime(runtime.getSnapshot());
  runtime.subscribe(() => store.getState().setRuntime(runtime.getSnapshot()));

  const initialView = viewFromHash(location.hash);
  if (initialView) store.getState().setView(initialView);

  const profileId = savedProfileId(storage) ?? DEFAULT_PROFILE.id;
  store.getState().setActiveProfile(profileId);
  persistTopics(store, history, storage);
  persistChat(store, history, storage);
  // Changes from other tabs (and this tab's worker) reach the memory views, as they reach the list.
  followMemoryChanges(pageDb, store, (scope) => memoryActions.refresh(scope));
  const conversations = createConversationActions({ store, chat, history, storage });
  void memoryActions.openProfile(
    profileId,
    profileId === DEFAULT_PROFILE.id ? DEFAULT_PROFILE.name : profileId,
  );
  void showStatus();

  if (__GROVE_TEST_BUILD__)
    registerTestApi(
      'app',
      appTestApi({ store, chat, memoryActions, memory, memoryWorker, oneEngine }),
    );
  return {
    store,
    memory,
    chat,
    memoryActions,
    testMode,
    tasks,
    conversations,
    runtime: runtimeService,
    embed: tabEmbedRuntime(),
  };
}
