/**
 * MemoryApi over one database: what workers/memory.worker.ts serves. Runs in the worker (or in
 * Node tests) so bulk writes never block the page.
 */
import { asSessionId, asTurnId, type MemoryTree, type Session } from '../engine/types.ts';
import type { GroveDb } from '../storage/db.ts';
import type { LiveTree } from '../storage/tree-store.ts';
import { ProfileNotFoundError } from '../storage/errors.ts';
import { exportProfile } from '../storage/export/export-profile.ts';
import { importProfile } from '../storage/export/import-profile.ts';
import { requestPersistence, storageHealth } from '../storage/health.ts';
import type { MemoryEngine } from './memory-engine.ts';
import { MemoryHost, type HostOptions } from './memory-host.ts';
import {
  keepTreeImageAhead,
  prepareInsertAhead,
  prepareRetrieval,
  retrieveMemories,
} from './memory-retrieve.ts';
import { createProfile, getSettings, listProfiles, requireProfile } from '../storage/profiles.ts';
import type { LlmPort } from '../engine/ports.ts';
import { treeProblemsInSlices } from '../storage/tree-integrity.ts';
import {
  asIngestion,
  asQuestion,
  sliced,
  yieldToForeground,
  yieldToQuestions,
} from './background-slices.ts';
import type {
  BackgroundRebuild,
  MemoryApi,
  MemoryCounts,
  MemoryWorkerStatus,
  SessionInput,
} from './worker-protocol.ts';
import { measureDrift, measureLeavesInSlices, type DriftReport } from '../engine/tree/drift.ts';
import { drawnOutline, treeOutline } from '../engine/tree/outline.ts';
import { taskKind } from '../engine/task-memory/task-catalogue.ts';

export interface ServiceExtras {
  /** The LLM that judges tree nodes during retrieval, now (absent: the no-LLM hybrid judge). */
  readonly judgeLlm?: () => LlmPort | undefined;
  /** The page says which model it lends the worker (null: none loaded). */
  readonly setPageLlm?: (modelId: string | null) => void;
  /** What the worker runs on, for the UI. */
  readonly status?: () => MemoryWorkerStatus | Promise<MemoryWorkerStatus>;
  /**
   * Loads the embedder now: called when a profile opens, so the first question does not wait
   * for the model (a failure is left for the first real call to report).
   */
  readonly warmEmbedder?: () => Promise<unknown>;
}

const toSession = (input: SessionInput): Session => ({
  id: asSessionId(input.id),
  ...(input.time === undefined ? {} : { time: input.time }),
  turns: input.turns.map((t) => ({ id: asTurnId(t.id), speaker: t.speaker, text: t.text })),
});

/**
 * A tree's health for the counts, once per tree (trees are immutable): its consistency and drift,
 * worked out in slices so that a question asked meanwhile waits for one slice, not for a pass
 * over 36,000 nodes and 30,000 cosines (a quarter of a second).
 */
const healthOf = new WeakMap<MemoryTree, Promise<{ consistent: boolean; drift: DriftReport }>>();
function treeHealth(tree: MemoryTree): Promise<{ consistent: boolean; drift: DriftReport }> {
  let health = healthOf.get(tree);
  if (!health) {
    health = (async () => {
      const pause = sliced(yieldToQuestions);
      const consistent = (await treeProblemsInSlices(tree, pause)).length === 0;
      await measureLeavesInSlices(tree, pause);
      return { consistent, drift: measureDrift(tree) };
    })();
    healthOf.set(tree, health);
  }
  return health;
}

/**
 * Writes the live tree's image while the worker is idle. The image is a copy for faster opens
 * (storage/tree-image.ts): without it the next open reads the pages, so a failed write (a full
 * disk) loses nothing; it is said in the console.
 */
const keepImageWhenIdle = (h: MemoryHost): Promise<void> =>
  keepTreeImageAhead(h.store).catch((error: unknown) =>
    console.warn(
      `Grove: the memory's tree image was not written (${error instanceof Error ? error.message : String(error)}); the next open reads the tree's pages instead.`,
    ),
  );

/**
 * Writes the keyword labels the ingestions left for later, in slices that let questions and
 * ingestions go first. A failure leaves them listed in the tree (its labels a session behind),
 * to be written after the next session or on the next open; it is said in the console.
 */
const labelWhenIdle = (h: MemoryHost, seen?: MemoryTree): Promise<MemoryTree | undefined> =>
  h.labelPending(sliced(yieldToForeground), seen).catch((error: unknown) => {
    console.warn(
      `Grove: the memory's new keyword labels were not written (${error instanceof Error ? error.message : String(error)}); they are written after the next session or on the next open.`,
    );
    return undefined;
  });

/** How long the worker waits after an ingestion before its background work (drift, indexes). */
export const AFTER_INGEST_IDLE_MS = 250;

export function createMemoryService(
  db: GroveDb,
  engine: MemoryEngine,
  hostOptions: HostOptions = {},
  extras: ServiceExtras = {},
): MemoryApi {
  let host: MemoryHost | undefined;
  let lastRebuild: BackgroundRebuild = null;
  /** After an ingestion, a drifted tree is rebuilt in the background (under the profile lock). */
  const rebuildInBackground = (h: MemoryHost) =>
    h.rebuildIfDrifted().then(
      (done) => {
        if (done) lastRebuild = { status: 'rebuilt', ...done };
      },
      (error: unknown) => {
        lastRebuild = {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        };
      },
    );
  const current = () => {
    if (!host) throw new ProfileNotFoundError('(none opened)');
    return host;
  };
  /**
   * Settles once a just-opened profile's first question no longer waits on this worker: its
   * warm-up is done, a question has been answered, or a session is being remembered (the warm-up
   * waits for it). The tree's health check (a pass over every node, and every leaf's cohesion)
   * waits for it, rather than the question for the check.
   */
  let quiet: Promise<unknown> = Promise.resolve();
  let afterIngest: ReturnType<typeof setTimeout> | undefined;
  let openingOver: (() => void) | undefined;
  const countsOf = async (h: MemoryHost, live: LiveTree): Promise<MemoryCounts> => ({
    profileId: h.profileId,
    sessions: await h.store.sessionIds(),
    pending: (await h.store.pending()).map((p) => p.sessionId),
    facts: live.tree.facts.size,
    nodes: live.tree.nodes.size,
    levels: live.tree.levels.map((l) => l.length),
    treeVersion: live.version,
    unlabelled: live.tree.unlabelled?.length ?? 0,
    paused: (await getSettings(db, h.profileId)).memoryPaused,
    lastRebuild,
  });
  return {
    async open(profileId, options = {}) {
      // What the first question needs starts now, beside the open: the model loads while the
      // tree and transcripts are read (failures are left for the first real call to report).
      extras.warmEmbedder?.().catch(() => undefined);
      if (!(await db.profiles.get(profileId))) {
        await createProfile(db, { id: profileId, name: options.profileName ?? profileId });
      }
      const opened = new MemoryHost(db, await requireProfile(db, profileId), engine, hostOptions);
      host = opened;
      const resumed = options.resume === false ? [] : await opened.resumePending();
      // After the resume: its orphan collection writes the tree tables, and would wait for the
      // whole tree read (the page's own calls start now and share that read).
      // Then, while the worker is idle, the labels the last sessions left for later, and what
      // the session's first insert would wait for.
      const warm = prepareRetrieval(opened.store, { opening: true })
        .then(async (tree) => prepareInsertAhead((await labelWhenIdle(opened, tree)) ?? tree))
        .then(() => opened.store.prepareWrite(sliced(yieldToForeground)))
        .catch(() => undefined);
      // Then the tree's image, if the open read its pages (the next open reads the image).
      void warm.then(() => keepImageWhenIdle(opened));
      const over = new Promise<void>((resolve) => (openingOver = resolve));
      quiet = Promise.race([warm, over]);
      return { resumed };
    },
    async ingest(session, conversationId, signal) {
      const h = current();
      clearTimeout(afterIngest); // what the last one left to do waits for this one
      openingOver?.();
      const result = await asIngestion(() =>
        h.ingest({
          session: toSession(session),
          ...(conversationId === undefined ? {} : { conversationId }),
          ...(signal ? { signal } : {}),
        }),
      );
      if (result.status === 'ingested') {
        // The session's labels are written, and a drifted tree is rebuilt; then the next
        // question finds the live tree's lexical indexes built (all in the background, once the
        // worker has been idle a moment: a session ingested right after this one does not wait).
        clearTimeout(afterIngest);
        afterIngest = setTimeout(() => {
          void labelWhenIdle(h)
            .then(() => rebuildInBackground(h))
            .then(() =>
              prepareRetrieval(h.store)
                .then(prepareInsertAhead)
                .then(() => keepImageWhenIdle(h))
                .catch(() => undefined),
            );
        }, AFTER_INGEST_IDLE_MS);
      }
      return result;
    },
    resume: () => {
      openingOver?.();
      return asIngestion(() => current().resumePending());
    },
    listFacts: (filter) => current().store.listFacts(filter),
    searchFacts: (query, limit) => current().searchFacts(query, limit),
    editFact: async (id, text) => ({
      resummarised: (await current().editFact(id, text)).resummarised.length,
    }),
    deleteFact: async (id) => ({ removed: (await current().deleteFact(id)).removed.length }),
    undoSupersede: async (id) => {
      await current().undoSupersede(id);
    },
    markReplaced: async (oldId, newId) => {
      await current().markReplaced(oldId, newId);
    },
    deleteSession: async (id) => ({
      removed: (await current().deleteSessions([id])).removed.length,
    }),
    deleteConversation: async (id) => ({
      removed: (await current().deleteConversation(id)).removed.length,
    }),
    setPaused: (paused) => current().setPaused(paused),
    async wipe() {
      await current().wipe();
      host = undefined;
    },
    exportProfile: (passphrase) =>
      exportProfile(db, current().profileId, passphrase === undefined ? {} : { passphrase }),
    importProfile: (text, passphrase) =>
      importProfile(db, text, passphrase === undefined ? {} : { passphrase }),
    rebuild: async (signal) => {
      const h = current();
      const version = await h.rebuild(signal ? { signal } : {});
      void keepImageWhenIdle(h);
      return { version };
    },
    counts: async () => {
      const h = current();
      return countsOf(h, await h.store.liveTree());
    },
    async inspect() {
      const h = current();
      await quiet;
      const live = await h.store.liveTree();
      const { consistent, drift } = await treeHealth(live.tree);
      return { ...(await countsOf(h, live)), treeConsistent: consistent, drift };
    },
    async health() {
      const persistGranted = await requestPersistence();
      return { ...(await storageHealth()), persistGranted };
    },
    retrieve: (question, options, onEvent, signal) =>
      asQuestion(() =>
        retrieveMemories(current().store, engine, extras.judgeLlm?.(), question, {
          ...options,
          ...(onEvent ? { onEvent } : {}),
          ...(signal ? { signal } : {}),
        }),
      ).finally(() => openingOver?.()),
    outline: async (scope) => {
      const { tree } = await current().store.liveTree();
      return scope === 'drawn' ? drawnOutline(tree) : treeOutline(tree);
    },
    profiles: () => listProfiles(db),
    useLlm: async (modelId) => extras.setPageLlm?.(modelId),
    listTaskMemory: () => current().tasks.list(),
    recallTask: (kindId, turns) =>
      current().tasks.recall(
        taskKind(kindId),
        turns.map((t) => ({ id: asTurnId(t.id), speaker: t.speaker, text: t.text })),
        engine.embedder,
      ),
    correctTaskSlot: (unitId, kindId, slot, answer) =>
      current().tasks.correctSlot(unitId, kindId, slot, answer),
    editTaskQa: (unitId, qaId, change) => current().tasks.editQa(unitId, qaId, change),
    deleteTaskQa: (unitId, qaId) => current().tasks.deleteQa(unitId, qaId),
    deleteTaskMemory: (unitId) => current().tasks.deleteUnit(unitId),
    status: async () =>
      (await extras.status?.()) ?? { embedder: engine.embedder.id, llm: null, notes: [] },
  };
}
