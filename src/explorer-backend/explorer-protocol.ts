/**
 * The typed message map between the explorer page and workers/explorer.worker.ts, on Grove's one
 * RPC (src/rpc). The worker loads benchmark files, builds trees and runs retrievers; the LLM
 * calls it needs are made by the page (where the active model lives) over the page-LLM bridge.
 * Errors cross with their class; a build's AbortSignal crosses as `cancel`.
 */
import type { EvalMethod } from '../engine/eval/methods.ts';
import type { Progress } from '../engine/progress.ts';
import type { CancelMessage, ErrorMessage } from '../rpc/rpc-messages.ts';
import type { TraversalEvent } from '../engine/retrieval.ts';
import type { MemoryTree } from '../engine/types.ts';

/** Where the explorer's LLM comes from: the page's active model, the test mode's script, or none. */
export type ExplorerLlmMode = 'page' | 'scripted' | 'none';
/**
 * The TaciTree judge, named as `grove query --judge` names it: the LLM, the no-LLM hybrid of
 * embedding and BM25 (what `grove eval --method tacitree-embedding` walks with), or the oracle.
 */
export type ExplorerJudge = 'llm' | 'hybrid' | 'oracle';
/** The baselines the explorer compares, named as `grove eval --method` and the engine name them. */
export const EXPLORER_BASELINES = [
  'bm25',
  'flat-facts',
  'flat-hybrid',
  'rag-raw',
  'collapsed-tree',
] as const satisfies readonly EvalMethod[];
export type ExplorerBaseline = (typeof EXPLORER_BASELINES)[number];

export interface QuestionSummary {
  readonly id: string;
  readonly question: string;
  readonly answer?: string;
  readonly category?: string;
  readonly evidenceSessions: readonly string[];
}

export interface ConversationSummary {
  readonly id: string;
  readonly sessions: number;
  readonly turns: number;
  readonly questions: readonly QuestionSummary[];
}

export interface DatasetSummary {
  readonly dataset: string;
  readonly file: string;
  readonly conversations: readonly ConversationSummary[];
  readonly notes: readonly string[];
}

export interface BuildSummary {
  readonly conversationId: string;
  readonly tree: MemoryTree;
  readonly sessions: number;
  readonly facts: number;
  readonly nodesPerLevel: readonly number[];
  readonly failedSessions: number;
  readonly llm: string;
  readonly embedder: string;
  readonly ms: number;
}

export interface MethodRow {
  readonly method: string;
  readonly label: string;
  readonly retrievedSessions: readonly string[];
  readonly goldSessions: readonly string[];
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  /** Tokens of retrieved context. */
  readonly contextTokens: number;
  readonly llmCalls: number;
  readonly judgeTokens: number;
  readonly items: number;
  readonly ms: number;
  readonly answer?: string;
  readonly error?: string;
}

export interface RunSummary {
  readonly question: QuestionSummary;
  readonly judge: ExplorerJudge;
  readonly rows: readonly MethodRow[];
  /** The TaciTree walk, for the tree view's replay. */
  readonly traversal: readonly TraversalEvent[];
  /** Judging every fact one by one: one call per fact. */
  readonly bruteForceCalls: number;
}

export interface RunOptions {
  readonly conversation: number;
  readonly question: number;
  readonly judge: ExplorerJudge;
  readonly baselines: readonly ExplorerBaseline[];
  readonly answer: boolean;
}

export type ExplorerRequest =
  | { readonly type: 'load-file'; readonly id: number; readonly file: File }
  | { readonly type: 'load-url'; readonly id: number; readonly url: string; readonly name: string }
  | {
      readonly type: 'build';
      readonly id: number;
      readonly conversation: number;
      /** Id of the page's loaded LLM (llm mode 'page'); absent: none is loaded. */
      readonly pageLlm?: string;
    }
  | {
      readonly type: 'run';
      readonly id: number;
      readonly options: RunOptions;
      readonly pageLlm?: string;
    }
  | CancelMessage;

export type ExplorerResponse =
  | { readonly type: 'progress'; readonly id: number; readonly progress: Progress }
  | { readonly type: 'loaded'; readonly id: number; readonly summary: DatasetSummary }
  | { readonly type: 'built'; readonly id: number; readonly build: BuildSummary }
  | { readonly type: 'ran'; readonly id: number; readonly run: RunSummary }
  | ErrorMessage;

export interface ExplorerWorkerConfig {
  readonly llm: ExplorerLlmMode;
  /** 'hash' only in the labelled test modes. */
  readonly embedder: 'bundled' | 'hash';
}
