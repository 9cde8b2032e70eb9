/**
 * The typed message protocol between the page and workers/memory.worker.ts, on Grove's one RPC
 * (src/rpc): a request names a method of MemoryApi; the reply carries its value, or the error,
 * rebuilt on the page as its own class (memory-errors.ts).
 */
import type { MemoryEffort } from '../engine/tree/memory-effort.ts';
import type { DriftReport } from '../engine/tree/drift.ts';
import type { FactFilter, FactView } from '../storage/memory-store.ts';
import type { IngestResult } from './memory-host.ts';
import type { StorageHealth } from '../storage/health.ts';
import type { ProfileRow } from '../storage/rows.ts';
import type { ImportedProfile } from '../storage/export/import-profile.ts';
import type { RetrievedItem, TraversalEvent } from '../engine/retrieval.ts';
import type { TreeOutline } from '../engine/types.ts';
import { decodeOutline, encodeOutline } from '../engine/tree/outline.ts';
import type { TaskMemoryUnit } from '../engine/task-memory/index.ts';
import type { TaskMemoryView, TaskRecall } from '../storage/task-memory-store.ts';

export interface SessionInput {
  readonly id: string;
  readonly time?: string;
  readonly turns: readonly { id: string; speaker: 'user' | 'assistant'; text: string }[];
}

/** What the page shows of the open profile's memory: counts read without a pass over the tree. */
export interface MemoryCounts {
  readonly profileId: string;
  readonly sessions: readonly string[];
  readonly pending: readonly string[];
  readonly facts: number;
  readonly nodes: number;
  readonly levels: readonly number[];
  readonly treeVersion: number;
  /** Summaries whose keyword labels the worker is still to write (after the last sessions). */
  readonly unlabelled: number;
  readonly paused: boolean;
  /** The last background rebuild this worker ran after an ingestion, if any. */
  readonly lastRebuild: BackgroundRebuild;
}

/** The counts and the tree's health: a check of every node and leaf (diagnostics, tests). */
export interface MemoryInspection extends MemoryCounts {
  /** Every stored tree reference resolves (no half-written tree). */
  readonly treeConsistent: boolean;
  /** How far incremental inserts have moved the tree from a fresh build. */
  readonly drift: DriftReport;
}

export type BackgroundRebuild =
  | { readonly status: 'rebuilt'; readonly version: number; readonly reasons: readonly string[] }
  | { readonly status: 'failed'; readonly error: string }
  | null;

export interface OpenOptions {
  readonly profileName?: string;
  /** Finish sessions left pending by a reload (default true). */
  readonly resume?: boolean;
}

export interface RetrieveRequest {
  /**
   * How much LLM time the search may spend (engine/tree/memory-effort.ts; default `balanced`).
   * Without an LLM in the worker every effort is the no-LLM hybrid walk.
   */
  readonly effort?: MemoryEffort;
}

export interface RetrieveReply {
  readonly items: readonly RetrievedItem[];
  readonly judge: string;
  readonly contextTokens: number;
  readonly llmCalls: number;
  readonly judgeTokens: number;
  readonly events: readonly TraversalEvent[];
}

/** What the worker runs on, in words the UI can show as is. */
export interface MemoryWorkerStatus {
  readonly embedder: string;
  /** The worker's LLM (extraction, summaries, judge), or null: extractive facts, no-LLM judge. */
  readonly llm: string | null;
  readonly notes: readonly string[];
}

export interface MemoryApi {
  open(profileId: string, options?: OpenOptions): Promise<{ resumed: IngestResult[] }>;
  /** A fired `signal` stops the ingestion; the store stays as it was (the session stays pending). */
  ingest(
    session: SessionInput,
    conversationId?: string,
    signal?: AbortSignal,
  ): Promise<IngestResult>;
  resume(): Promise<IngestResult[]>;
  listFacts(filter?: FactFilter): Promise<FactView[]>;
  searchFacts(query: string, limit?: number): Promise<(FactView & { score: number })[]>;
  editFact(factId: string, text: string): Promise<{ resummarised: number }>;
  deleteFact(factId: string): Promise<{ removed: number }>;
  /** A replaced memory is current again (both it and its replacement hold). */
  undoSupersede(factId: string): Promise<void>;
  /** Marks `oldId` as replaced by `newId`, by the user's hand. */
  markReplaced(oldId: string, newId: string): Promise<void>;
  deleteSession(sessionId: string): Promise<{ removed: number }>;
  deleteConversation(conversationId: string): Promise<{ removed: number }>;
  setPaused(paused: boolean): Promise<void>;
  wipe(): Promise<void>;
  exportProfile(passphrase?: string): Promise<string>;
  importProfile(text: string, passphrase?: string): Promise<ImportedProfile>;
  rebuild(signal?: AbortSignal): Promise<{ version: number }>;
  /** The counts the page shows (cheap: asked after every change). */
  counts(): Promise<MemoryCounts>;
  /** The counts and the tree's health (a pass over every node and leaf of the live tree). */
  inspect(): Promise<MemoryInspection>;
  health(): Promise<StorageHealth & { persistGranted: boolean }>;
  /**
   * Walks the live tree for `question`; each traversal event is streamed to `onEvent`. A fired
   * `signal` stops the walk (AbortError).
   */
  retrieve(
    question: string,
    options?: RetrieveRequest,
    onEvent?: (event: TraversalEvent) => void,
    signal?: AbortSignal,
  ): Promise<RetrieveReply>;
  /**
   * The live tree as the page shows it: nodes, levels and facts, without the nodes' embeddings
   * (engine/tree/outline.ts). `drawn`: only what a page draws first (a large forest's summaries,
   * `drawnOutline`; the whole tree of a small one); `all` (the default): the whole tree.
   */
  outline(scope?: 'drawn' | 'all'): Promise<TreeOutline>;
  profiles(): Promise<ProfileRow[]>;
  status(): Promise<MemoryWorkerStatus>;
  /** Lends the page's model to the worker (src/rpc/page-llm-bridge.ts); null when none is loaded. */
  useLlm(modelId: string | null): Promise<void>;
  /** MAP task memory: the profile's units, newest first. */
  listTaskMemory(): Promise<TaskMemoryView[]>;
  /** Remembered slot values for a task of `kindId` (task-catalogue.ts), given the turns so far. */
  recallTask(kindId: string, turns: SessionInput['turns']): Promise<TaskRecall>;
  /** The user corrected a remembered slot: the unit that supplied it now holds `answer`. */
  correctTaskSlot(
    unitId: string,
    kindId: string,
    slot: string,
    answer: string,
  ): Promise<TaskMemoryUnit>;
  editTaskQa(
    unitId: string,
    qaId: string,
    change: { question?: string; answer?: string },
  ): Promise<TaskMemoryUnit>;
  deleteTaskQa(unitId: string, qaId: string): Promise<TaskMemoryUnit>;
  deleteTaskMemory(unitId: string): Promise<void>;
}

/** Methods whose argument at this index is a callback: it stays on the page, events cross. */
export const STREAM_ARG: Partial<Record<keyof MemoryApi, number>> = { retrieve: 2 };

/**
 * Methods whose argument at this index is an AbortSignal: it stays on the page and crosses as
 * the call's own signal (a `cancel` message); the worker's method gets a real AbortSignal there.
 */
export const SIGNAL_ARG: Partial<Record<keyof MemoryApi, number>> = {
  retrieve: 3,
  ingest: 2,
  rebuild: 0,
};

export type MemoryMethod = keyof MemoryApi;

/**
 * Results that cross in a form of their own: the worker encodes the method's value, the page's
 * client decodes it, so both sides still speak MemoryApi. The tree's outline crosses as one text
 * (engine/tree/outline.ts: a structured clone of 150,000 small objects is slow to rebuild).
 */
export const RESULT_WIRE: Partial<
  Record<MemoryMethod, { encode(value: unknown): unknown; decode(wire: unknown): unknown }>
> = {
  outline: {
    encode: (value) => encodeOutline(value as TreeOutline),
    decode: (wire) => decodeOutline(wire as string),
  },
};

/** A call of a MemoryApi method (its callback and signal arguments left on the page). */
export interface MemoryRequest {
  readonly type: 'call';
  readonly id: number;
  readonly method: MemoryMethod;
  readonly args: readonly unknown[];
}

/** The value a call resolved with, or an event streamed during it (see STREAM_ARG). */
export type MemoryResponse =
  | { readonly type: 'result'; readonly id: number; readonly value: unknown }
  | { readonly type: 'event'; readonly id: number; readonly event: unknown };

/** Sent by the worker outside any call (id 0): ingestion stages, for progress. */
export interface MemoryBroadcast {
  readonly type: 'broadcast';
  readonly id: 0;
  readonly broadcast: 'stage';
  readonly stage: 'recorded' | 'extracting' | 'committing';
  readonly sessionId: string;
}

export const MEMORY_METHODS: readonly MemoryMethod[] = [
  'open',
  'ingest',
  'resume',
  'listFacts',
  'searchFacts',
  'editFact',
  'deleteFact',
  'undoSupersede',
  'markReplaced',
  'deleteSession',
  'deleteConversation',
  'setPaused',
  'wipe',
  'exportProfile',
  'importProfile',
  'rebuild',
  'counts',
  'inspect',
  'health',
  'retrieve',
  'outline',
  'profiles',
  'status',
  'useLlm',
  'listTaskMemory',
  'recallTask',
  'correctTaskSlot',
  'editTaskQa',
  'deleteTaskQa',
  'deleteTaskMemory',
];
