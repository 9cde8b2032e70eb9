/**
 * Memory-guided dialogue planning in one call (MAP §4.2): describe the current intent, activate
 * the closest units (by intent cosine, or by the hybrid score of activate.ts with `hybrid`),
 * find the task's missing-slot questions, judge every activated QA pair, re-rank by
 * α·retrieval + (1−α)·judge, keep the top 5 and prune them to their core answers.
 * With an LLM the intent and the missing questions are the model's; without one the intent is
 * the user's own words and every slot not yet said counts as missing.
 */
import type { EmbedderPort, LlmPort } from '../ports.ts';
import type { Turn } from '../types.ts';
import {
  activateHybrid,
  activateUnits,
  embedIntent,
  embedIntents,
  type HybridActivationOptions,
  type IntentVectors,
} from './activate.ts';
import type { TaskJudge } from './judge.ts';
import { describeIntent, missingQuestions } from './llm-memory.ts';
import { contextLines } from './prompts.ts';
import { DEFAULT_TOP_QA, pruneToAnswers, rerank, topQa } from './rerank.ts';
import type { ActivatedUnit, RankedQa, TaskMemoryUnit, TaskSlot } from './types.ts';

export interface RecallOptions {
  /** The current session so far. */
  readonly turns: readonly Turn[];
  readonly units: readonly TaskMemoryUnit[];
  /** Unit intent vectors, when already embedded. */
  readonly vectors?: IntentVectors;
  readonly embedder: EmbedderPort;
  readonly judge: TaskJudge;
  /** The current task's slots (e.g. its SGD intent's); empty when unknown. */
  readonly slots: readonly TaskSlot[];
  /** Writes the intent and the missing questions; the extractive reading without it. */
  readonly llm?: LlmPort;
  readonly alpha?: number;
  /** Units activated before judging (default 5). */
  readonly topUnits?: number;
  /**
   * Activate by the hybrid score of `activateHybrid` (embedding + BM25, intent level, and the
   * open-task prior when `completed` and a weight are given) instead of the intent cosine alone
   * (the default).
   */
  readonly hybrid?: Omit<HybridActivationOptions, 'limit'>;
  /** QA pairs kept (default 5). */
  readonly topQa?: number;
  readonly signal?: AbortSignal;
}

export interface RecallResult {
  readonly intent: string;
  readonly activated: readonly ActivatedUnit[];
  readonly missing: readonly string[];
  /** Every judged pair, best first. */
  readonly ranked: readonly RankedQa[];
  /** The top pairs, with their sources (for "which memories supplied this"). */
  readonly kept: readonly RankedQa[];
  /** The pruned core answers that go into the response prompt. */
  readonly memory: readonly string[];
  readonly llmCalls: number;
  /** Readable lines for every step that fell back (unusable model replies). */
  readonly failures: readonly string[];
}

export const DEFAULT_TOP_UNITS = 5;

/** Slots whose categorical value is not said yet in `context` (the no-LLM missing set). */
export function unsaidSlots(slots: readonly TaskSlot[], context: string): TaskSlot[] {
  const said = context.toLowerCase();
  return slots.filter((s) => !(s.values ?? []).some((v) => said.includes(v.toLowerCase())));
}

export async function recallTaskMemory(options: RecallOptions): Promise<RecallResult> {
  const { turns, signal } = options;
  const failures: string[] = [];
  let llmCalls = 0;
  const llmOptions = options.llm ? { llm: options.llm, ...(signal ? { signal } : {}) } : undefined;

  let intent = turns
    .filter((t) => t.speaker === 'user')
    .map((t) => t.text.trim())
    .join(' ');
  if (llmOptions) {
    const described = await describeIntent(turns, llmOptions);
    intent = described.value;
    llmCalls += described.llmCalls;
    if (described.error) failures.push(`intent: ${described.error}`);
  }
  const vectors = options.vectors ?? (await embedIntents(options.units, options.embedder, signal));
  const query = await embedIntent(intent, options.embedder, signal);
  const topUnits = options.topUnits ?? DEFAULT_TOP_UNITS;
  const activated = options.hybrid
    ? activateHybrid(intent, query, options.units, vectors, {
        ...options.hybrid,
        limit: topUnits,
      })
    : activateUnits(query, options.units, vectors, topUnits);

  const context = contextLines(turns);
  let missing = unsaidSlots(options.slots, context).map((s) => s.question);
  if (llmOptions && options.slots.length > 0) {
    const asked = await missingQuestions(turns, options.slots, llmOptions);
    missing = asked.value;
    llmCalls += asked.llmCalls;
    if (asked.error) failures.push(`missing slots: ${asked.error}`);
  }
  const outcome = await options.judge.judge({
    context,
    missing,
    candidates: activated.flatMap((a) => a.unit.qa),
    ...(signal ? { signal } : {}),
  });
  llmCalls += outcome.llmCalls;
  failures.push(...outcome.failures.map((f) => `judge: ${f}`));
  const ranked = rerank(
    activated,
    outcome.verdicts,
    options.alpha === undefined ? {} : { alpha: options.alpha },
  );
  const kept = topQa(ranked, options.topQa ?? DEFAULT_TOP_QA);
  return {
    intent,
    activated,
    missing,
    ranked,
    kept,
    memory: pruneToAnswers(kept),
    llmCalls,
    failures,
  };
}
