/**
 * The typed message protocol between the page and workers/memory.worker.ts. A request names a
 * method of MemoryApi; the reply carries its value or the error as `{ name, message }`.
 */
import type { MemoryEffort } from '../engine/tree/memory-effort.ts';
import type { DriftReport } from '../engine/tree/drift.ts';
import type { FactFilter, FactView } from './memory-store.ts';
import type { IngestResult } from './memory-host.ts';
import type { StorageHealth } from './health.ts';
import type { ProfileRow } from './rows.ts';
import type { ImportedProfile } from './export/import-profile.ts';
import type { RetrievedItem, TraversalEvent } from '../engine/retrieval.ts';
import type { MemoryTree } from '../engine/types.ts';
import type { TaskMemoryUnit } from '../engine/task-memory/index.ts';
import type { TaskMemoryView, TaskRecall } from './task-memory-store.ts';

export interface SessionInput {
  readonly id: string;
  readonly time?: string;
  readonly turns: readonly { id: string; speaker: 'user' | 'assistant'; text: string }[];
}

export interface MemoryInspection {
  readonly profileId: string;
  readonly sessions: readonly string[];
  readonly pending: readonly string[];
  readonly facts: number;
  readonly nodes: number;
  readonly levels: readonly number[];
  readonly treeVersion: number;
  /** Every stored tree reference resolves (no half-written tree). */
  readonly treeConsistent: boolean;
  readonly paused: boolean;
  /** How far incremental inserts have moved the tree from a fresh build. */
  readonly drift: DriftReport;
  /** The last background rebuild this worker ran after an ingestion, if any. */
  readonly lastRebuild: BackgroundRebuild;
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
  ingest(session: SessionInput, conversationId?: string): Promise<IngestResult>;
  resume(): Promise<IngestResult[]>;
  listFacts(filter?: FactFilter): Promise<FactView[]>;
  searchFacts(query: string, limit?: number): Promise<(FactView & { score: number })[]>;
  editFact(factId: string, text: string): Promise<{ resummarised: number }>;
  deleteFact(factId: string): Promise<{ removed: number }>;
  deleteSession(sessionId: string): Promise<{ removed: number }>;
  deleteConversation(conversationId: string): Promise<{ removed: number }>;
  setPaused(paused: boolean): Promise<void>;
  wipe(): Promise<void>;
  exportProfile(passphrase?: string): Promise<string>;
  importProfile(text: string, passphrase?: string): Promise<ImportedProfile>;
  rebuild(): Promise<{ version: number }>;
  inspect(): Promise<MemoryInspection>;
  health(): Promise<StorageHealth & { persistGranted: boolean }>;
  /** Walks the live tree for `question`; each traversal event is streamed to `onEvent`. */
  retrieve(
    question: string,
    options?: RetrieveRequest,
    onEvent?: (event: TraversalEvent) => void,
  ): Promise<RetrieveReply>;
  /** The live tree (structured clone carries its Maps and Float32Arrays). */
  tree(): Promise<MemoryTree>;
  profiles(): Promise<ProfileRow[]>;
  status(): Promise<MemoryWorkerStatus>;
  /** Lends the page's model to the worker (see llm-bridge.ts); null when none is loaded. */
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

/** An event streamed during call `id` (see STREAM_ARG). */
export interface MemoryEventMessage {
  readonly id: number;
  readonly event: unknown;
}

/** Sent by the worker outside any call: ingestion stages, for progress. */
export interface MemoryBroadcast {
  readonly broadcast: 'stage';
  readonly stage: 'recorded' | 'extracting' | 'committing';
  readonly sessionId: string;
}

export type MemoryMethod = keyof MemoryApi;

export interface MemoryRequest<M extends MemoryMethod = MemoryMethod> {
  readonly id: number;
  readonly method: M;
  readonly args: Parameters<MemoryApi[M]>;
}

export interface WireError {
  readonly name: string;
  readonly message: string;
}

export type MemoryResponse =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

export function toWireError(error: unknown): WireError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** An error that crossed from the worker: same name and message as the original. */
export class RemoteError extends Error {
  constructor(wire: WireError) {
    super(wire.message);
    this.name = wire.name;
  }
}

export const MEMORY_METHODS: readonly MemoryMethod[] = [
  'open',
  'ingest',
  'resume',
  'listFacts',
  'searchFacts',
  'editFact',
  'deleteFact',
  'deleteSession',
  'deleteConversation',
  'setPaused',
  'wipe',
  'exportProfile',
  'importProfile',
  'rebuild',
  'inspect',
  'health',
  'retrieve',
  'tree',
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
