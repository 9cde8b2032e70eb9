/**
 * The baselines Grove's tree retrieval is compared against (TaciTree's table 2, MAP's BM25), by
 * name, for the CLI and the evaluation harness. Every one is a `Retriever`.
 */
import type { EmbedderPort, LlmPort, Tokenizer } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import type { Fact, MemoryTree, Session } from '../types.ts';
import { createBm25Retriever } from './bm25.ts';
import { createCollapsedTreeRetriever } from './collapsed-tree.ts';
import { createBm25TurnsRetriever } from './bm25-turns.ts';
import { createFlatHybridRetriever, type FlatDepth } from './flat-hybrid.ts';
import { sessionTexts } from '../tree/lexicon.ts';
import {
  createFlatTopK,
  unitsFromFacts,
  unitsFromSessions,
  unitsFromSummaries,
} from './flat-topk.ts';
import { createLongContextRetriever } from './long-context.ts';
import { summariseSessions, type SessionSummary } from './session-summaries.ts';

export const BASELINE_NAMES = [
  'rag-raw',
  'rag-summary',
  'flat-facts',
  'flat-hybrid',
  'bm25',
  'bm25-turns',
  'bm25-turns-sessions',
  'collapsed-tree',
  'long-context',
  'long-context-facts',
] as const;

export type BaselineName = (typeof BASELINE_NAMES)[number];

/** bm25-turns-sessions' λ: the turn and its session count equally (issue 13's probe). */
const TURN_SESSION_WEIGHT = 0.5;

/** What a baseline needs besides the sessions. */
export type BaselineNeed = 'embedder' | 'llm-or-summaries' | 'facts' | 'tree';

export interface BaselineInfo {
  readonly description: string;
  readonly needs: readonly BaselineNeed[];
}

export const BASELINES: Readonly<Record<BaselineName, BaselineInfo>> = {
  'rag-raw': {
    description: 'Embedding top-k over raw sessions (long sessions scored by their best chunk).',
    needs: ['embedder'],
  },
  'rag-summary': {
    description: 'Embedding top-k over one LLM summary per session.',
    needs: ['embedder', 'llm-or-summaries'],
  },
  'flat-facts': {
    description: 'Embedding top-k over the extracted facts.',
    needs: ['embedder', 'facts'],
  },
  'flat-hybrid': {
    description:
      "Top-k over every extracted fact by the no-LLM tree judge's fact score (z-scored cosine fused with z-scored BM25); no tree walk.",
    needs: ['embedder', 'tree'],
  },
  bm25: {
    description: 'Okapi BM25 (k1 1.2, b 0.75) top-k over raw sessions.',
    needs: [],
  },
  'bm25-turns': {
    description:
      'Okapi BM25 over single turns (stop words dropped), taken in rank order until they span k sessions.',
    needs: [],
  },
  'bm25-turns-sessions': {
    description:
      "BM25 over turns interpolated with their session's BM25 (0.5·z + 0.5·z), taken until they span k sessions.",
    needs: [],
  },
  'collapsed-tree': {
    description: "RAPTOR's collapsed tree: embedding top-k over every node of the memory tree.",
    needs: ['embedder', 'tree'],
  },
  'long-context': {
    description: 'No retrieval: every raw session in the prompt.',
    needs: [],
  },
  'long-context-facts': {
    description: 'No retrieval: every extracted fact in the prompt, in session order.',
    needs: ['facts'],
  },
};

export const isBaselineName = (name: string): name is BaselineName =>
  (BASELINE_NAMES as readonly string[]).includes(name);

export interface BaselineInputs {
  /** All of the user's sessions, in chronological order. */
  readonly sessions: readonly Session[];
  readonly facts?: readonly Fact[];
  readonly tree?: MemoryTree;
  readonly embedder?: EmbedderPort;
  /** Summarises sessions for rag-summary when `summaries` are not given. */
  readonly llm?: LlmPort;
  readonly summaries?: readonly SessionSummary[];
  /** flat-hybrid: the weight of the z-scored cosine against BM25 (default the tree judge's). */
  readonly embeddingWeight?: number;
  /** flat-hybrid: whether k counts facts (default) or distinct sessions. */
  readonly depth?: FlatDepth;
  /** Items per query for the top-k baselines (default 5). */
  readonly k?: number;
  readonly tokenizer?: Tokenizer;
  /** Cancels building (embedding the corpus, summarising). */
  readonly signal?: AbortSignal;
}

export class MissingBaselineInputError extends Error {
  override readonly name = 'MissingBaselineInputError';
  constructor(baseline: BaselineName, input: string) {
    super(`The "${baseline}" baseline needs ${input}; pass it in the baseline inputs.`);
  }
}

function need<T>(value: T | undefined, baseline: BaselineName, input: string): T {
  if (value === undefined) throw new MissingBaselineInputError(baseline, input);
  return value;
}

/** Builds the named baseline over the inputs (embeds its corpus, summarises when needed). */
export async function createBaseline(
  name: BaselineName,
  inputs: BaselineInputs,
): Promise<Retriever> {
  const k = inputs.k ?? 5;
  const common = {
    name,
    ...(inputs.tokenizer ? { tokenizer: inputs.tokenizer } : {}),
  };
  const signal = inputs.signal ? { signal: inputs.signal } : {};
  const sessionOrder = inputs.sessions.map((s) => s.id);
  switch (name) {
    case 'rag-raw':
    case 'rag-summary':
    case 'flat-facts': {
      const embedder = need(inputs.embedder, name, 'an embedder');
      const units =
        name === 'rag-raw'
          ? unitsFromSessions(
              inputs.sessions,
              inputs.tokenizer ? { tokenizer: inputs.tokenizer } : {},
            )
          : name === 'flat-facts'
            ? unitsFromFacts(need(inputs.facts, name, 'the extracted facts'))
            : unitsFromSummaries(
                inputs.summaries ??
                  (await summariseSessions(
                    need(inputs.llm, name, 'an LLM or summaries'),
                    inputs.sessions,
                    signal,
                  )),
              );
      return createFlatTopK({ ...common, ...signal, embedder, units, k });
    }
    case 'bm25':
      return createBm25Retriever({ ...common, units: unitsFromSessions(inputs.sessions), k });
    case 'bm25-turns':
    case 'bm25-turns-sessions':
      return createBm25TurnsRetriever({
        ...common,
        sessions: inputs.sessions,
        k,
        sessionWeight: name === 'bm25-turns-sessions' ? TURN_SESSION_WEIGHT : 0,
      });
    case 'flat-hybrid':
      return createFlatHybridRetriever({
        ...common,
        tree: need(inputs.tree, name, 'a memory tree'),
        embedder: need(inputs.embedder, name, 'an embedder'),
        ...(inputs.embeddingWeight !== undefined
          ? { embeddingWeight: inputs.embeddingWeight }
          : {}),
        ...(inputs.depth ? { depth: inputs.depth } : {}),
        sessionTexts: sessionTexts(inputs.sessions),
        k,
      });
    case 'collapsed-tree':
      return createCollapsedTreeRetriever({
        ...common,
        tree: need(inputs.tree, name, 'a memory tree'),
        embedder: need(inputs.embedder, name, 'an embedder'),
        k,
      });
    case 'long-context':
      return createLongContextRetriever({ ...common, kind: 'sessions', sessions: inputs.sessions });
    case 'long-context-facts':
      return createLongContextRetriever({
        ...common,
        kind: 'facts',
        facts: need(inputs.facts, name, 'the extracted facts'),
        sessionOrder,
      });
  }
}

export * from './bm25.ts';
export * from './collapsed-tree.ts';
export * from './flat-hybrid.ts';
export * from './flat-topk.ts';
export * from './long-context.ts';
export * from './session-summaries.ts';
export { sessionChunks, sessionText } from './session-text.ts';
