/**
 * The evaluated methods by name, each a `Retriever` per question over one conversation's memory.
 * One vocabulary: a baseline method is named as the engine's baseline (baselines/index.ts), the
 * CLI, the explorer and docs/results.md say the same; EVAL_METHOD_ALIASES keeps older CLI names.
 * The judge mode decides what a TaciTree walk asks: a real LLM, nobody (`none`: the no-LLM judge,
 * hybrid by default, embedding on request), or the oracle (told the ground truth, counting the
 * calls an LLM judge would spend).
 */
import {
  createBaseline,
  isBaselineName,
  type BaselineName,
  type FlatDepth,
  type SessionSummary,
} from '../baselines/index.ts';
import { fallbackSummary } from '../baselines/session-summaries.ts';
import type { EvalQuestion } from '../datasets/eval-model.ts';
import type { MemoryBuild } from '../pipeline.ts';
import type { EmbedderPort, LlmPort } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import { createRng } from '../rng.ts';
import {
  DEFAULT_NO_LLM_JUDGE,
  llmListwiseJudge,
  llmNodeJudge,
  noLlmJudge,
  type NodeJudge,
  type NoLlmJudgeName,
} from '../tree/judges.ts';
import { DEFAULT_HYBRID_EMBEDDING_WEIGHT, DEFAULT_NO_LLM_BEAM } from '../tree/hybrid-judge.ts';
import { DEFAULT_SESSION_WEIGHT, sessionTexts } from '../tree/lexicon.ts';
import { createTreeRetriever, DEFAULT_CONTEXT_BUDGET } from '../tree/retrieve.ts';
import type { Session, SessionId } from '../types.ts';
import { countedOracleJudge, oracleTruth } from './counted-oracle.ts';

export const EVAL_METHODS = [
  'tacitree-llm',
  'tacitree-listwise',
  'tacitree-embedding',
  'collapsed-tree',
  'flat-facts',
  'flat-hybrid',
  'rag-raw',
  'rag-summary',
  'bm25',
  'bm25-turns',
  'bm25-turns-sessions',
  'long-context',
] as const;
export type EvalMethod = (typeof EVAL_METHODS)[number];

// Every method that is not a tree walk is the engine's baseline of the same name.
type BaselineMethod = Exclude<EvalMethod, `tacitree-${string}`>;
const _oneVocabulary: BaselineMethod extends BaselineName ? true : never = true;

/** Names a method had before (the CLI takes them, and says the name it stands for). */
export const EVAL_METHOD_ALIASES: Readonly<Record<string, EvalMethod>> = {
  collapsed: 'collapsed-tree',
};

/** The current name of a method given by an old name; any other name unchanged. */
export const canonicalMethodName = (name: string): string => EVAL_METHOD_ALIASES[name] ?? name;

export const isTreeMethod = (m: EvalMethod): boolean => m.startsWith('tacitree-');

/**
 * Methods that return a set (not a ranking): for recall@k the set is ranked by the scores its
 * items carry (the hybrid judge's), else by cosine to the question.
 */
export const returnsSet = (m: EvalMethod): boolean => isTreeMethod(m);

/** What a top-k method's k counts: distinct sessions for the turn rankings, else items. */
export const rankingDepth = (m: EvalMethod, flatDepth: FlatDepth | undefined): FlatDepth =>
  m === 'flat-hybrid'
    ? (flatDepth ?? 'facts')
    : m === 'bm25-turns' || m === 'bm25-turns-sessions'
      ? 'sessions'
      : 'facts';

/** Methods that return their top k (the rest return a set, or everything). */
export const ranksTopK = (m: EvalMethod): boolean => !isTreeMethod(m) && m !== 'long-context';

export type JudgeMode =
  | { readonly kind: 'llm'; readonly llm: LlmPort }
  | { readonly kind: 'none' }
  | { readonly kind: 'oracle'; readonly noise: number; readonly seed: number };

export interface TreeSettings {
  /**
   * The judge without an LLM (`tacitree-embedding`, and the LLM methods' fallback when there is
   * no LLM or the call budget is spent): the hybrid of cosine and BM25 (default), or cosine alone.
   */
  readonly judge: NoLlmJudgeName;
  /** The hybrid judge's cosine weight w (BM25 gets 1 − w). */
  readonly embeddingWeight: number;
  /** The hybrid's session weight λ: a fact's lexical evidence is its session's BM25 too. */
  readonly sessionWeight: number;
  /** Nodes the no-LLM judge keeps per level (default 3). */
  readonly beam: number;
  readonly leafMode: 'collect' | 'judge';
  /** Facts returned when a walk keeps nothing (default 6). */
  readonly fallbackK: number;
  /**
   * What the no-LLM judge's cosine compares with the question: the summary's embedding, or the
   * centroid of the facts below. `auto`: the centroid when no LLM wrote the summaries (a no-LLM
   * summary is one member fact, a poor stand-in for its cluster), the summary otherwise.
   */
  readonly nodeVector: 'auto' | 'summary' | 'centroid';
  /** Most context tokens a walk ranked by its judge hands the answerer (Infinity: no cut). */
  readonly contextBudget: number;
}

export const DEFAULT_TREE_SETTINGS: TreeSettings = {
  judge: DEFAULT_NO_LLM_JUDGE,
  embeddingWeight: DEFAULT_HYBRID_EMBEDDING_WEIGHT,
  sessionWeight: DEFAULT_SESSION_WEIGHT,
  beam: DEFAULT_NO_LLM_BEAM,
  leafMode: 'collect',
  fallbackK: 6,
  nodeVector: 'auto',
  contextBudget: DEFAULT_CONTEXT_BUDGET,
};

/** Whether the no-LLM judge compares the question with fact centroids (see TreeSettings). */
export const usesCentroids = (settings: TreeSettings, mode: JudgeMode): boolean =>
  settings.nodeVector === 'centroid' || (settings.nodeVector === 'auto' && mode.kind !== 'llm');

/** What actually judges the walk for a method under a mode, in words, for the report. */
export function judgeLabel(
  method: EvalMethod,
  mode: JudgeMode,
  settings: TreeSettings = DEFAULT_TREE_SETTINGS,
): string {
  if (method === 'flat-hybrid')
    return `none (no judge; every fact ranked by the hybrid's fusion, ${hybridFusion(settings.embeddingWeight, DEFAULT_SESSION_WEIGHT)})`;
  if (!isTreeMethod(method)) return 'none (no judge)';
  const vectors = usesCentroids(settings, mode) ? 'fact centroids' : 'summary vectors';
  const noLlm =
    settings.judge === 'hybrid'
      ? `hybrid (${hybridFusion(settings.embeddingWeight, settings.sessionWeight, 'of the facts below')}, beam ${settings.beam}, ${vectors}; weighed per question by its lexical signal, question expanded by feedback; set ranked by the same fusion, ended where relevance falls off${Number.isFinite(settings.contextBudget) ? `, at most ${settings.contextBudget} tokens` : ''})`
      : `embedding (beam ${settings.beam}, ${vectors})`;
  if (method === 'tacitree-embedding') return noLlm;
  if (mode.kind === 'oracle')
    return `oracle (ground truth, counting ${method === 'tacitree-llm' ? 'one call per node' : 'one call per sibling group'}${mode.noise > 0 ? `, noise ${mode.noise}` : ''})`;
  if (mode.kind === 'none')
    return `${noLlm}: no LLM, ${method} falls back to the ${settings.judge} judge`;
  return method === 'tacitree-llm'
    ? 'llm (one call per node)'
    : 'llm-listwise (one call per group)';
}

export interface ConversationContext {
  readonly conversationId: string;
  readonly sessions: readonly Session[];
  readonly memory: MemoryBuild;
  readonly embedder: EmbedderPort;
  /** Summaries shipped with the benchmark (used by rag-summary when no LLM is given). */
  readonly datasetSummaries?: ReadonlyMap<SessionId, string>;
}

export interface MethodOptions {
  readonly method: EvalMethod;
  readonly mode: JudgeMode;
  readonly k: number;
  readonly tree?: TreeSettings;
  /** flat-hybrid: whether k counts facts (default) or distinct sessions. */
  readonly flatDepth?: FlatDepth;
}

/** Summaries for rag-summary: the LLM's, else the benchmark's, else each session's opening turns. */
function summariesWithoutLlm(ctx: ConversationContext): SessionSummary[] {
  return ctx.sessions.map((session): SessionSummary => {
    const shipped = ctx.datasetSummaries?.get(session.id);
    if (shipped !== undefined)
      return { sessionId: session.id, status: 'ok', text: shipped, tokens: 0 };
    if (session.turns.length === 0)
      return { sessionId: session.id, status: 'empty', text: '', tokens: 0 };
    return {
      sessionId: session.id,
      status: 'fallback',
      text: fallbackSummary(session),
      tokens: 0,
      error: 'no LLM: the opening turns stand in for a summary',
    };
  });
}

export function summarySource(ctx: ConversationContext, mode: JudgeMode): string {
  if (mode.kind === 'llm') return 'LLM session summaries';
  return ctx.datasetSummaries && ctx.datasetSummaries.size > 0
    ? "the benchmark's own session summaries"
    : "each session's opening user turns (no LLM)";
}

/**
 * Prepares a method over one conversation; returns the retriever for each question. Corpora are
 * embedded once here (baselines), trees are walked per question (the oracle needs its truth).
 */
export async function prepareMethod(
  ctx: ConversationContext,
  options: MethodOptions,
): Promise<(question: EvalQuestion, k: number) => Promise<Retriever>> {
  const { method, mode } = options;
  const tree = ctx.memory.tree;
  if (isTreeMethod(method)) {
    const settings = options.tree ?? DEFAULT_TREE_SETTINGS;
    const noLlm = noLlmJudge(settings.judge, {
      beam: settings.beam,
      nodeVector: usesCentroids(settings, mode) ? 'centroid' : 'summary',
      embeddingWeight: settings.embeddingWeight,
      sessionWeight: settings.sessionWeight,
    });
    const transcripts = sessionTexts(ctx.sessions);
    return (question) => {
      let judge: NodeJudge = noLlm;
      if (method !== 'tacitree-embedding' && mode.kind === 'llm')
        judge = method === 'tacitree-llm' ? llmNodeJudge(mode.llm) : llmListwiseJudge(mode.llm);
      if (method !== 'tacitree-embedding' && mode.kind === 'oracle') {
        judge = countedOracleJudge({
          truth: oracleTruth(
            tree.facts.values(),
            question.evidenceSessions,
            question.evidenceTurns,
          ),
          unit: method === 'tacitree-llm' ? 'node' : 'group',
          noise: mode.noise,
          // One stream per question, derived from the seed: resuming a run flips the same verdicts.
          rng: createRng((Math.imul(mode.seed, 1_000_003) + hash(question.id)) >>> 0),
        });
      }
      return Promise.resolve(
        createTreeRetriever(tree, {
          judge,
          embedder: ctx.embedder,
          leafMode: settings.leafMode,
          fallbackK: settings.fallbackK,
          budgetFallback: noLlm,
          maxContextTokens: settings.contextBudget,
          sessionTexts: transcripts,
        }),
      );
    };
  }
  const baseline = method;
  if (!isBaselineName(baseline)) throw new RangeError(`Unknown evaluation method "${method}"`);
  const facts = [...tree.facts.values()];
  const cache = new Map<number, Promise<Retriever>>();
  const summaries =
    method === 'rag-summary' && mode.kind !== 'llm' ? summariesWithoutLlm(ctx) : undefined;
  return (_question, k) => {
    let retriever = cache.get(k);
    if (!retriever) {
      retriever = createBaseline(baseline, {
        sessions: ctx.sessions,
        facts,
        tree,
        embedder: ctx.embedder,
        ...(mode.kind === 'llm' ? { llm: mode.llm } : {}),
        ...(summaries ? { summaries } : {}),
        ...(method === 'flat-hybrid'
          ? {
              embeddingWeight: (options.tree ?? DEFAULT_TREE_SETTINGS).embeddingWeight,
              depth: options.flatDepth ?? 'facts',
            }
          : {}),
        k,
      });
      cache.set(k, retriever);
    }
    return retriever;
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** "0.25·z(cosine) + 0.75·z(BM25, 0.5 of it the session's)", the BM25 side qualified when given. */
function hybridFusion(embeddingWeight: number, sessionWeight: number, bm25Of?: string): string {
  const sessions = sessionWeight > 0 ? `, ${sessionWeight} of it the session's` : '';
  return `${embeddingWeight}·z(cosine) + ${round(1 - embeddingWeight)}·z(BM25${bm25Of ? ` ${bm25Of}` : ''}${sessions})`;
}

/** FNV-1a of a string: a stable per-question seed offset. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
