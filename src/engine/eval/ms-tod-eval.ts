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
 * Methods: `map-embedding` (activation + judge + α re-ranking; a session ranks by its best QA
 * pair), `map-embedding-nojudge` (activation only), `bm25` (BM25 over the same activation texts).
 * The activation of both map methods is a hybrid retrieval score (../task-memory/activate.ts
 * `activateHybrid`), not MAP's intent-embedding cosine alone: 0.25·z(cosine) + 0.75·z(BM25) over
 * the candidates, plus intent-level activation: each session also gets the best such score among
 * the stored sessions of its own intent label. Dev Recall@5 (user turns, no judge): cosine 0.529,
 * hybrid 0.557, + intent level 0.595. The open-task prior (../task-memory/open-tasks.ts; off
 * unless `openTaskWeight` > 0) demotes stored sessions that confirmed their task
 * (`exist_confirmation`, read for the earlier, stored sessions only) and the sessions resembling
 * them: MS-TOD's sessions continue an open task by construction, so it lifts dev Recall@5 to
 * 0.823, but it is an ablation, not Grove's default (the chat wants finished tasks back).
 *
 * With `dialogue` (an LLM), each confirming session also gets its confirmation dialogue
 * (ms-tod-dialogue-eval.ts): MEMORY is the top 5 QA pairs of the ranking above (re-ranked by
 * the judge for map-embedding, by activation alone otherwise), pruned to their core answers.
 */
import { createBm25Index } from '../baselines/bm25.ts';
import { mapLimitedInOrder } from '../concurrency/map-limited.ts';
import type { Clock, EmbedderPort } from '../ports.ts';
import { activateHybrid, embedIntent, embedIntents } from '../task-memory/activate.ts';
import { extractTaskMemory } from '../task-memory/extractive.ts';
import type { TaskJudge } from '../task-memory/judge.ts';
import { contextLines } from '../task-memory/prompts.ts';
import { pruneToAnswers, rankedSessions, rerank, topQa } from '../task-memory/rerank.ts';
import { findIntent, type SgdCatalogue } from '../task-memory/sgd-schema.ts';
import type { ActivatedUnit, RankedQa, TaskMemoryUnit, TaskSlot } from '../task-memory/types.ts';
import type { SessionId, Turn } from '../types.ts';
import { recallAtK } from './metrics.ts';
import type { MsTodPersona, MsTodSession } from '../datasets/ms-tod.ts';
import { errorMessage, isAbortError } from '../errors.ts';
import type { EvalRow, FailedRow } from './run-eval.ts';
import { throwIfCallsFailed, type CallWatch } from './watched-llm.ts';
import {
  goalOf,
  msTodDialogue,
  type MsTodDialogueRow,
  type MsTodDialogueSettings,
} from './ms-tod-dialogue-eval.ts';

export const MS_TOD_METHODS = ['map-embedding', 'map-embedding-nojudge', 'bm25'] as const;
export type MsTodMethod = (typeof MS_TOD_METHODS)[number];
export const MS_TOD_KS = [1, 3, 5, 10] as const;

/** What each method ranks by, one line each (for a run's notes). */
export const MS_TOD_METHOD_NOTES: Readonly<Record<MsTodMethod, string>> = {
  'map-embedding':
    'map-embedding: hybrid activation (0.25·z(embedding cosine) + 0.75·z(BM25) over the earlier sessions, plus the best such score among the stored sessions of the same intent label), then the judge re-ranks the QA pairs of the top activated units by α·retrieval + (1−α)·judge',
  'map-embedding-nojudge':
    'map-embedding-nojudge: the hybrid activation of map-embedding (embedding + BM25, intent level) alone, no judge',
  bm25: 'bm25: BM25 over the sessions’ activation texts alone (no embedding, no intent level)',
};

export interface MsTodRow extends EvalRow {
  /** Recall@k for k = 1, 3, 5, 10 (and the run's k). */
  readonly recall_at: Readonly<Record<string, number>>;
  /** The confirmation dialogue (runs with `dialogue` only; null without gold slot values). */
  readonly dialogue?: MsTodDialogueRow | null;
  /** Batches the judge could not score from its reply (unreadable output), one line each. */
  readonly judge_failures?: readonly string[];
}

export interface MsTodEvalOptions {
  readonly personas: readonly MsTodPersona[];
  readonly catalogue: SgdCatalogue;
  readonly method: MsTodMethod;
  readonly embedder: EmbedderPort;
  /** Required by map-embedding. */
  readonly judge?: TaskJudge;
  readonly alpha?: number;
  /** Weight of the embedding cosine against BM25 in the activation (default 0.25). */
  readonly embeddingWeight?: number;
  /** Weight of the open-task prior in the activation (default 0: off; see open-tasks.ts). */
  readonly openTaskWeight?: number;
  /** Weight of intent-level activation (default 1; 0 turns it off). */
  readonly intentWeight?: number;
  readonly k: number;
  /** User turns read into a stored unit's intent (default 2). */
  readonly openingTurns?: number;
  /** Query intent from the user turns only (default) or every turn before the confirmation. */
  readonly queryTurns?: 'user' | 'all';
  readonly limit?: number;
  /**
   * Activated units whose QA pairs the judge scores (default all); the sessions of the others
   * follow in activation order. Bounds an LLM judge's calls (MAP judges the top 5 units).
   */
  readonly judgeUnits?: number;
  /** Runs each session's confirmation dialogue with and without memory (needs an LLM). */
  readonly dialogue?: MsTodDialogueSettings;
  /** Question ids already done (a resumed run): skipped. */
  readonly done?: ReadonlySet<string>;
  readonly clock?: Clock;
  readonly onRow?: (row: MsTodRow) => void | Promise<void>;
  /**
   * A question that failed (a judge or dialogue call that failed, or any watched call failure
   * during it: `calls`), in its place among the rows: recorded, not scored, retried on resume.
   */
  readonly onFailure?: (failure: FailedRow) => void | Promise<void>;
  /** The run's LLM failures (watched-llm.ts). */
  readonly calls?: CallWatch;
  readonly onProgress?: (done: number, total: number) => void;
  /** Questions evaluated at once (default 1); rows keep question order. */
  readonly concurrency?: number;
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

/** `persona-7#3`: the persona and the confirming session's number. */
export const msTodQuestionId = (query: MsTodQuery): string => {
  const target = query.persona.sessions[query.index] as MsTodSession;
  return `${query.persona.id}#${target.session.id.split('/S').pop() ?? query.index}`;
};

/** Activation alone as a ranking of QA pairs (the memory of the methods without a judge). */
const byActivation = (activated: readonly ActivatedUnit[]): RankedQa[] =>
  rerank(activated, new Map(), { alpha: 1 });

interface PersonaMemory {
  readonly units: readonly TaskMemoryUnit[];
  readonly vectors: Map<string, Float32Array>;
}

/** Every stored session's unit and (but for bm25) its intent vector: built once per persona. */
async function personaMemory(
  persona: MsTodPersona,
  options: MsTodEvalOptions,
): Promise<PersonaMemory> {
  const units = persona.sessions.map((s) => unitOf(s, options.catalogue, options.openingTurns));
  const vectors =
    options.method === 'bm25'
      ? new Map<string, Float32Array>()
      : await embedIntents(units, options.embedder, options.signal);
  return { units, vectors };
}

/**
 * Questions run `concurrency` at a time (default 1; with an LLM, the judge and dialogue calls of
 * that many questions are in flight together): a persona's memory is built when its first
 * question starts and dropped after its last. Rows are handed out and returned in question order
 * whatever order they finish in, so a concurrent run gives the rows of a one-at-a-time run.
 */
export async function runMsTodEval(options: MsTodEvalOptions): Promise<MsTodRow[]> {
  return (await runMsTodEvalWithFailures(options)).rows;
}

export interface MsTodRunResult {
  readonly rows: MsTodRow[];
  /** The questions that failed this time, in question order. */
  readonly failed: FailedRow[];
}

/** `runMsTodEval`, with the questions that failed (also handed to `onFailure`). */
export async function runMsTodEvalWithFailures(options: MsTodEvalOptions): Promise<MsTodRunResult> {
  if (options.method === 'map-embedding' && !options.judge)
    throw new Error('map-embedding needs a judge (createEmbeddingJudge without an LLM).');
  const all = msTodQueries(options.personas);
  const queries = options.limit === undefined ? all : all.slice(0, options.limit);
  const todo = queries.filter((query) => !options.done?.has(msTodQuestionId(query)));
  let progress = queries.length - todo.length;
  options.onProgress?.(progress, queries.length);
  const memories = new Map<MsTodPersona, { ready?: Promise<PersonaMemory>; left: number }>();
  for (const { persona } of todo) {
    const entry = memories.get(persona) ?? { left: 0 };
    entry.left++;
    memories.set(persona, entry);
  }
  const memoryOf = (persona: MsTodPersona): Promise<PersonaMemory> => {
    const entry = memories.get(persona) as { ready?: Promise<PersonaMemory>; left: number };
    if (!entry.ready) {
      entry.ready = personaMemory(persona, options);
      entry.ready.catch(() => undefined); // each of its questions awaits it
    }
    return entry.ready;
  };
  const release = (persona: MsTodPersona) => {
    const entry = memories.get(persona);
    if (entry && --entry.left === 0) memories.delete(persona);
  };
  const rows: MsTodRow[] = [];
  const failed: FailedRow[] = [];
  await mapLimitedInOrder(
    todo,
    options.concurrency ?? 1,
    async (query): Promise<MsTodRow | FailedRow> => {
      const mark = options.calls?.mark() ?? 0;
      try {
        const row = await evaluateQuery(query, await memoryOf(query.persona), options);
        throwIfCallsFailed(options.calls, mark);
        return row;
      } catch (error) {
        if (options.signal?.aborted || isAbortError(error)) throw error;
        return failedQuery(query, error);
      } finally {
        options.onProgress?.(++progress, queries.length);
        release(query.persona);
      }
    },
    async (result) => {
      if ('error' in result) {
        failed.push(result);
        await options.onFailure?.(result);
      } else {
        rows.push(result);
        await options.onRow?.(result);
      }
    },
    options.signal,
  );
  return { rows, failed };
}

function failedQuery(query: MsTodQuery, error: unknown): FailedRow {
  const target = query.persona.sessions[query.index] as MsTodSession;
  return {
    question_id: msTodQuestionId(query),
    conversation: query.persona.id,
    question: queryContext(target)
      .filter((t) => t.speaker === 'user')
      .map((t) => t.text.trim())
      .join(' '),
    category: target.intent ?? null,
    error: errorMessage(error),
  };
}

async function evaluateQuery(
  query: MsTodQuery,
  memory: PersonaMemory,
  options: MsTodEvalOptions,
): Promise<MsTodRow> {
  const { persona, index, gold } = query;
  const clock = options.clock ?? systemClock;
  const ks = [...new Set([...MS_TOD_KS, options.k])].sort((a, b) => a - b);
  const started = clock.now();
  const target = persona.sessions[index] as MsTodSession;
  const context = queryContext(target);
  const intentTurns =
    options.queryTurns === 'all' ? context : context.filter((t) => t.speaker === 'user');
  const intent = intentTurns.map((t) => t.text.trim()).join(' ');
  const candidates = memory.units.slice(0, index);
  let ranked: SessionId[];
  let llmCalls = 0;
  let judgeFailures: readonly string[] = [];
  /** QA pairs best first, for the dialogue's memory (computed only when it runs). */
  let pairs: () => RankedQa[];
  if (options.method === 'bm25') {
    const scores = createBm25Index(candidates.map((u) => u.activationText ?? u.intent)).scores(
      intent,
    );
    const order = scores
      .map((score, i) => ({ score, i }))
      .sort((a, b) => b.score - a.score || a.i - b.i);
    ranked = order.map(({ i }) => (candidates[i] as TaskMemoryUnit).provenance.sessionId);
    pairs = () =>
      byActivation(order.map(({ score, i }) => ({ unit: candidates[i] as TaskMemoryUnit, score })));
  } else {
    const vector = await embedIntent(intent, options.embedder, options.signal);
    // The stored (earlier) sessions that completed their task: memory, never the query's labels.
    const completed = new Set<string>(
      persona.sessions
        .slice(0, index)
        .filter((s) => s.confirming)
        .map((s) => s.session.id),
    );
    const activated = activateHybrid(intent, vector, candidates, memory.vectors, {
      completed,
      ...(options.embeddingWeight === undefined
        ? {}
        : { embeddingWeight: options.embeddingWeight }),
      ...(options.openTaskWeight === undefined ? {} : { openTaskWeight: options.openTaskWeight }),
      ...(options.intentWeight === undefined ? {} : { intentWeight: options.intentWeight }),
    });
    if (options.method === 'map-embedding-nojudge' || !options.judge) {
      ranked = activated.map((a) => a.unit.provenance.sessionId);
      pairs = () => byActivation(activated);
    } else {
      const judged =
        options.judgeUnits === undefined ? activated : activated.slice(0, options.judgeUnits);
      const contextText = contextLines(intentTurns);
      const missing = missingSlots(activated[0], options.catalogue, contextText).map(
        (s) => s.question,
      );
      const outcome = await options.judge.judge({
        context: contextText,
        missing,
        candidates: judged.flatMap((a) => a.unit.qa),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      llmCalls = outcome.llmCalls;
      judgeFailures = outcome.failures;
      const reranked = rerank(
        judged,
        outcome.verdicts,
        options.alpha === undefined ? {} : { alpha: options.alpha },
      );
      ranked = rankedSessions(reranked, activated);
      pairs = () => reranked;
    }
  }
  let dialogue: MsTodDialogueRow | null | undefined;
  if (options.dialogue) {
    const goal = goalOf(target.slotValues ?? {});
    const schema =
      target.intent === undefined
        ? undefined
        : findIntent(options.catalogue, target.intent, target.service);
    dialogue =
      Object.keys(goal).length === 0
        ? null
        : await msTodDialogue({
            sessionId: target.session.id,
            context: intentTurns,
            goal,
            slots: schema?.slots ?? [],
            memory: pruneToAnswers(topQa(pairs())),
            settings: options.dialogue,
            ...(options.signal ? { signal: options.signal } : {}),
          });
    llmCalls += dialogue?.llm_calls ?? 0;
  }
  const recall: Record<string, number> = {};
  for (const k of ks) recall[String(k)] = recallAtK(ranked, gold, k);
  const row: MsTodRow = {
    question_id: msTodQuestionId(query),
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
    ...(dialogue === undefined ? {} : { dialogue }),
    ...(judgeFailures.length === 0 ? {} : { judge_failures: judgeFailures }),
  };
  return row;
}
