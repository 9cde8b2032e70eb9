/** What every retriever (the tree walk and each baseline) returns, so they compare side by side. */
import type { FactId, NodeId, SessionId } from './types.ts';

/** One piece of context handed to the answering LLM. */
export interface RetrievedItem {
  /** Fact id, node id, or session id, depending on the retriever's unit. */
  readonly id: string;
  readonly text: string;
  /** Sessions this item came from: the unit of the paper's retrieval F1. */
  readonly sessionIds: readonly SessionId[];
  readonly factIds?: readonly FactId[];
  readonly score?: number;
  /** When it began to hold (engine/lifetime): a fact's validFrom, else its session's date. */
  readonly validFrom?: string;
  /** When it stopped holding, for a replaced fact. */
  readonly validTo?: string;
  /** A fact that a newer one replaced: shown as such, never as current. */
  readonly replaced?: boolean;
  /** A fact that replaced an older one and still holds: shown as holding "→ now". */
  readonly current?: boolean;
}

export type TraversalVerdict = 'keep' | 'prune';

/** The retrieval event stream: the live tree view, the "why" panel, logs and tests consume it. */
export type TraversalEvent =
  | { readonly type: 'visit'; readonly node: NodeId; readonly level: number }
  | {
      readonly type: 'keep' | 'prune';
      readonly node: NodeId;
      readonly level: number;
      readonly score?: number;
      readonly reason: string;
      /** Prompt + completion tokens spent on this judgement (shared across a listwise call). */
      readonly tokens: number;
      /** Cumulative LLM calls so far in this retrieval. */
      readonly calls: number;
    }
  | {
      readonly type: 'select';
      readonly node: NodeId;
      readonly level: number;
      readonly factId?: FactId;
    }
  | { readonly type: 'fallback'; readonly reason: string }
  | { readonly type: 'budget-exhausted'; readonly calls: number }
  /** The ranked set was cut to the context budget: `kept` items stay, `dropped` go. */
  | {
      readonly type: 'trim';
      readonly kept: number;
      readonly dropped: number;
      readonly reason: string;
    }
  | {
      readonly type: 'done';
      readonly selected: number;
      readonly calls: number;
      readonly tokens: number;
    };

export interface RetrievalResult {
  readonly items: readonly RetrievedItem[];
  /** Tokens of retrieved context (what goes into the answer prompt). */
  readonly contextTokens: number;
  /** LLM calls spent on retrieval itself. */
  readonly llmCalls: number;
  /** Tokens spent on retrieval calls (prompts + completions). */
  readonly judgeTokens: number;
  readonly events: readonly TraversalEvent[];
}

export interface RetrieveOptions {
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: TraversalEvent) => void;
}

export interface Retriever {
  readonly name: string;
  retrieve(query: string, options?: RetrieveOptions): Promise<RetrievalResult>;
}
