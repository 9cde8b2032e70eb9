/**
 * MS-TOD memory activation (MAP Table 8, Figure 4), pure: for each confirming session, the
 * earlier sessions of its persona are the candidates and the earlier sessions of the same task
 * (same `reference_dialogue_id`) the ground truth; Recall@k of the ranked sessions.
 *
 * What each side sees (no-LLM variant):
 * - Memory (every stored session, built once per persona, as after each session): the
 *   extractive unit of ../task-memory/extractive.ts. Intent = its first user utterances; the
 *   activation text = all its turns (stop words dropped, see key-text.ts); QA pairs from its own
 *   SGD intent's slots (its `intent` / `service` labels pick the schema), its own
 *   `confirmation_state.slot_values` where the data has them, and its question/answer turns.
 * - Query (the confirming session): only turns before its confirmation response. By default
 *   (`queryTurns: 'user'`) only the user's turns, for the intent and for the judge's context:
 *   the dataset's assistant turns were written knowing the task goal, and in 92 of the 739 dev
 *   sessions an earlier assistant turn already says "to confirm" and spells the goal out.
 *   `'all'` reads every turn before the confirmation response, the paper's dialogue context c.
 *   The session's own intent label, service and slot values are never read; the current task's
 *   slots (the judge's missing-slot questions) are those of the top activated unit's intent,
 *   minus categorical values already said.
 *
 * Methods: `map-embedding` (intent-embedding activation + embedding judge + α re-ranking; a
 * session ranks by its best QA pair), `map-embedding-nojudge` (activation only), `bm25` (BM25
 * activation over the same activation texts).
 */
import { createBm25Index } from '../baselines/bm25.ts';
import type { Clock, EmbedderPort } from '../ports.ts';
import { activateUnits, embedIntent, embedIntents } from '../task-memory/activate.ts';
import { extractTaskMemory } from '../task-memory/extractive.ts';
import type { TaskJudge } from '../task-memory/judge.ts';
import { contextLines } from '../task-memory/prompts.ts';
import { rankedSessions, rerank } from '../task-memory/rerank.ts';
import { findIntent, type SgdCatalogue } from '../task-memory/sgd-schema.ts';
import type { ActivatedUnit, TaskMemoryUnit, TaskSlot } from '../task-memory/types.ts';
import type { SessionId, Turn } from '../types.ts';
import { recallAtK } from './metrics.ts';
import type { MsTodPersona, MsTodSession } from '../datasets/ms-tod.ts';
import type { EvalRow } from './run-eval.ts';

export const MS_TOD_METHODS = ['map-embedding', 'map-embedding-nojudge', 'bm25'] as const;
export type MsTodMethod = (typeof MS_TOD_METHODS)[number];
export const MS_TOD_KS = [1, 3, 5, 10] as const;

export interface MsTodRow extends EvalRow {
  /** Recall@k for k = 1, 3, 5, 10 (and the run's k). */
  readonly recall_at: Readonly<Record<string, number>>;
}

export interface MsTodEvalOptions {
  readonly personas: readonly MsTodPersona[];
  readonly catalogue: SgdCatalogue;
  readonly method: MsTodMethod;
  readonly embedder: EmbedderPort;
  /** Required by map-embedding. */
  readonly judge?: TaskJudge;
  readonly alpha?: number;
  readonly k: number;
  /** User turns read into a stored unit's intent (default 2). */
  readonly openingTurns?: number;
  /** Query intent from the user turns only (default) or every turn before the confirmation. */
  readonly queryTurns?: 'user' | 'all';
  readonly limit?: number;
  readonly clock?: Clock;
  readonly onRow?: (row: MsTodRow) => void | Promise<void>;
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: AbortSignal;
}

export interface MsTodQuery {
  readonly persona: MsTodPersona;
  readonly index: number;
  readonly gold: readonly SessionId[];
}

/** The confirming sessions with at least one earlier session of their task, in data order. */
export function msTodQueries(personas: readonly MsTodPersona[]): MsTodQuery[] {
  return personas.flatMap((persona) =>
    persona.sessions.flatMap((s, index) => {
      if (!s.confirming) return [];
      const gold = persona.sessions
        .slice(0, index)
        .filter((e) => e.task === s.task)
        .map((e) => e.session.id);
      return gold.length === 0 ? [] : [{ persona, index, gold }];
    }),
  );
}

/** The dialogue before the confirmation response (the opening user turn when that is empty). */
export function queryContext(s: MsTodSession): Turn[] {
  const turns = s.session.turns;
  const before = turns.slice(0, s.confirmationTurn ?? 1);
  if (before.some((t) => t.speaker === 'user')) return before;
  const opening = turns.find((t) => t.speaker === 'user');
  return opening ? [opening] : [];
}

/** The stored unit of one session (its own labels and confirmed values only). */
export function unitOf(
  s: MsTodSession,
  catalogue: SgdCatalogue,
  openingTurns?: number,
): TaskMemoryUnit {
  const intent = s.intent === undefined ? undefined : findIntent(catalogue, s.intent, s.service);
  return extractTaskMemory(s.session, {
    ...(openingTurns === undefined ? {} : { openingTurns }),
    ...(s.intent === undefined ? {} : { intentLabel: s.intent }),
    ...(intent ? { slots: intent.slots } : {}),
    ...(s.slotValues ? { confirmedSlots: s.slotValues } : {}),
  });
}

/** Slots of the top unit's intent not yet settled in the context (categorical values said). */
export function missingSlots(
  top: ActivatedUnit | undefined,
  catalogue: SgdCatalogue,
  context: string,
): TaskSlot[] {
  const label = top?.unit.intentLabel;
  const intent = label === undefined ? undefined : findIntent(catalogue, label);
  const said = context.toLowerCase();
  return (intent?.slots ?? []).filter(
    (slot) => !(slot.values ?? []).some((v) => said.includes(v.toLowerCase())),
  );
}

const systemClock: Clock = { now: () => Date.now() };

export async function runMsTodEval(options: MsTodEvalOptions): Promise<MsTodRow[]> {
  if (options.method === 'map-embedding' && !options.judge)
    throw new Error('map-embedding needs a judge (createEmbeddingJudge without an LLM).');
  const clock = options.clock ?? systemClock;
  const all = msTodQueries(options.personas);
  const queries = options.limit === undefined ? all : all.slice(0, options.limit);
  const ks = [...new Set([...MS_TOD_KS, options.k])].sort((a, b) => a - b);
  const rows: MsTodRow[] = [];
  let current:
    | { persona: MsTodPersona; units: TaskMemoryUnit[]; vectors: Map<string, Float32Array> }
    | undefined;
  for (const query of queries) {
    const { persona, index, gold } = query;
    if (current?.persona !== persona) {
      const units = persona.sessions.map((s) => unitOf(s, options.catalogue, options.openingTurns));
      const vectors =
        options.method === 'bm25'
          ? new Map()
          : await embedIntents(units, options.embedder, options.signal);
      current = { persona, units, vectors };
    }
    const started = clock.now();
    const target = persona.sessions[index] as MsTodSession;
    const context = queryContext(target);
    const intentTurns =
      options.queryTurns === 'all' ? context : context.filter((t) => t.speaker === 'user');
    const intent = intentTurns.map((t) => t.text.trim()).join(' ');
    const candidates = current.units.slice(0, index);
    let ranked: SessionId[];
    let llmCalls = 0;
    if (options.method === 'bm25') {
      const scores = createBm25Index(candidates.map((u) => u.activationText ?? u.intent)).scores(
        intent,
      );
      ranked = scores
        .map((score, i) => ({ score, i }))
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .map(({ i }) => (candidates[i] as TaskMemoryUnit).provenance.sessionId);
    } else {
      const vector = await embedIntent(intent, options.embedder, options.signal);
      const activated = activateUnits(vector, candidates, current.vectors);
      if (options.method === 'map-embedding-nojudge' || !options.judge) {
        ranked = activated.map((a) => a.unit.provenance.sessionId);
      } else {
        const contextText = contextLines(intentTurns);
        const missing = missingSlots(activated[0], options.catalogue, contextText).map(
          (s) => s.question,
        );
        const outcome = await options.judge.judge({
          context: contextText,
          missing,
          candidates: activated.flatMap((a) => a.unit.qa),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        llmCalls = outcome.llmCalls;
        const pairs = rerank(
          activated,
          outcome.verdicts,
          options.alpha === undefined ? {} : { alpha: options.alpha },
        );
        ranked = rankedSessions(pairs, activated);
      }
    }
    const recall: Record<string, number> = {};
    for (const k of ks) recall[String(k)] = recallAtK(ranked, gold, k);
    const row: MsTodRow = {
      question_id: `${persona.id}#${target.session.id.split('/S').pop() ?? index}`,
      conversation: persona.id,
      question: intent,
      category: target.intent ?? null,
      gold_sessions: gold,
      retrieved_sessions: ranked.slice(0, options.k),
      recall_at_k: recall[String(options.k)] ?? 0,
      recall_set: null,
      retrieval_f1: null,
      set_size: Math.min(options.k, ranked.length),
      context_tokens: 0,
      llm_calls: llmCalls,
      judge_tokens: 0,
      brute_force_calls: 0,
      ms: clock.now() - started,
      answer: null,
      correct: null,
      recall_at: recall,
    };
    rows.push(row);
    await options.onRow?.(row);
    options.onProgress?.(rows.length, queries.length);
  }
  return rows;
}
