/**
 * Memory activation (MAP §4.2): the current session's intent description is embedded and
 * compared (cosine) with every stored unit's intent description; the closest units activate.
 *
 * `activateHybrid` is the activation the evaluation and the chat recall use: a hybrid retrieval
 * score, not the paper's embedding cosine alone. Over the candidate units it fuses the
 * standardised (z-scored) embedding cosine with the standardised BM25 score of the intent
 * against the units' activation texts (the bundled word-vector embedder blurs the names, places
 * and dates a task is made of; BM25 matches them), and subtracts the open-task prior of
 * open-tasks.ts when the caller says which units completed their task.
 */
import { createBm25Index } from '../baselines/bm25.ts';
import { throwIfAborted } from '../errors.ts';
import type { EmbedderPort } from '../ports.ts';
import type { Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { keyText } from './key-text.ts';
import { DEFAULT_OPEN_TASK_WEIGHT, closedness, unitText } from './open-tasks.ts';
import type { ActivatedUnit, TaskMemoryUnit } from './types.ts';
import { hybridScores } from '../scores.ts';

/** Unit intent embeddings by unit id (embed once, activate many times). */
export type IntentVectors = ReadonlyMap<string, Vector>;

export async function embedIntents(
  units: readonly TaskMemoryUnit[],
  embedder: EmbedderPort,
  signal?: AbortSignal,
): Promise<Map<string, Vector>> {
  throwIfAborted(signal);
  const vectors =
    units.length === 0
      ? []
      : await embedder.embed(
          units.map((u) => keyText(unitText(u))),
          signal,
        );
  return new Map(units.flatMap((u, i) => (vectors[i] ? [[u.id, vectors[i]] as const] : [])));
}

/** Thrown when a unit has no intent vector: embed it with `embedIntents` first. */
export class MissingIntentVectorError extends Error {
  override readonly name = 'MissingIntentVectorError';
}

/** The current intent's embedding (same key text as the units'). */
export async function embedIntent(
  intent: string,
  embedder: EmbedderPort,
  signal?: AbortSignal,
): Promise<Vector> {
  const [query] = await embedder.embed([keyText(intent)], signal);
  if (!query)
    throw new MissingIntentVectorError('The embedder returned no vector for the current intent.');
  return query;
}

function vectorOf(unit: TaskMemoryUnit, vectors: IntentVectors): Vector {
  const v = vectors.get(unit.id);
  if (!v)
    throw new MissingIntentVectorError(
      `Task memory unit ${unit.id} has no intent embedding; embed the units (embedIntents) before activating them.`,
    );
  return v;
}

const ranked = (
  units: readonly TaskMemoryUnit[],
  scores: readonly number[],
  limit: number,
): ActivatedUnit[] =>
  units
    .map((unit, i) => ({ unit, score: scores[i] ?? 0, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map(({ unit, score }) => ({ unit, score }));

/**
 * Every candidate unit ranked by cosine to `intent` (best first; ties keep the given order),
 * at most `limit` (default all).
 */
export function activateUnits(
  intent: Vector,
  units: readonly TaskMemoryUnit[],
  vectors: IntentVectors,
  limit = Number.POSITIVE_INFINITY,
): ActivatedUnit[] {
  return ranked(
    units,
    units.map((unit) => cosine(intent, vectorOf(unit, vectors))),
    limit,
  );
}

/**
 * Weight of the embedding score against BM25 in the hybrid activation (on MS-TOD dev, 0.15 to
 * 0.5 stay within 0.01 Recall@5 of each other; the lexical side carries the names).
 */
export const DEFAULT_EMBEDDING_WEIGHT = 0.25;

/**
 * Weight of intent-level activation: each unit also gets this share of the best score among the
 * units of its intent label (on MS-TOD dev, 0.5 to 2 add 0.01 to 0.05 Recall@5 on both halves of
 * the personas; the earlier sessions of one task share its intent, so they rise together).
 */
export const DEFAULT_INTENT_WEIGHT = 1;

export class InvalidActivationWeightError extends RangeError {
  override readonly name = 'InvalidActivationWeightError';
}

export interface HybridActivationOptions {
  /** Weight of the standardised cosine against standardised BM25, in [0, 1] (default 0.25). */
  readonly embeddingWeight?: number;
  /**
   * Ids of the units whose session completed its task: with them, the open-task prior
   * (open-tasks.ts) demotes finished tasks. Without them there is no prior.
   */
  readonly completed?: ReadonlySet<string>;
  /** Weight of the open-task prior (default 0: off; see open-tasks.ts). */
  readonly openTaskWeight?: number;
  /**
   * Weight γ of intent-level activation (default 1; 0 turns it off): a unit's score gains γ times
   * the best score among the units sharing its `intentLabel` (itself included; a unit without a
   * label counts as its own intent).
   */
  readonly intentWeight?: number;
  /** At most this many units (default all). */
  readonly limit?: number;
}

/**
 * Every candidate unit ranked by the hybrid activation score (best first; ties keep the given
 * order). With s(u) = w·z(cosine) + (1 − w)·z(BM25) − λ·closedness(u), the z-scores taken over
 * `units`, a unit scores s(u) + γ·max{s(v) : v shares u's intent label}.
 * `intent` is the text `intentVector` was embedded from (see `embedIntent`).
 */
export function activateHybrid(
  intent: string,
  intentVector: Vector,
  units: readonly TaskMemoryUnit[],
  vectors: IntentVectors,
  options: HybridActivationOptions = {},
): ActivatedUnit[] {
  const w = options.embeddingWeight ?? DEFAULT_EMBEDDING_WEIGHT;
  const lambda = options.openTaskWeight ?? DEFAULT_OPEN_TASK_WEIGHT;
  const gamma = options.intentWeight ?? DEFAULT_INTENT_WEIGHT;
  if (!(w >= 0 && w <= 1))
    throw new InvalidActivationWeightError(`embeddingWeight must be in [0, 1], got ${w}`);
  if (!(lambda >= 0 && Number.isFinite(lambda)))
    throw new InvalidActivationWeightError(`openTaskWeight must be 0 or more, got ${lambda}`);
  if (!(gamma >= 0 && Number.isFinite(gamma)))
    throw new InvalidActivationWeightError(`intentWeight must be 0 or more, got ${gamma}`);
  const fused = hybridScores(
    units.map((unit) => cosine(intentVector, vectorOf(unit, vectors))),
    // Words as written: MAP's activation was tuned without stems (issue 22 stems the tree's BM25).
    createBm25Index(units.map(unitText), { stem: false }).scores(intent),
    w,
  );
  const closed =
    options.completed === undefined || lambda === 0
      ? units.map(() => 0)
      : closedness(units, options.completed);
  const own = fused.map((s, i) => s - lambda * (closed[i] ?? 0));
  const bestOfIntent = new Map<string, number>();
  units.forEach((u, i) => {
    const label = u.intentLabel;
    const s = own[i] ?? 0;
    if (label !== undefined) bestOfIntent.set(label, Math.max(bestOfIntent.get(label) ?? s, s));
  });
  const scores = own.map((s, i) => {
    const label = units[i]?.intentLabel;
    return s + gamma * (label === undefined ? s : (bestOfIntent.get(label) ?? s));
  });
  return ranked(units, scores, options.limit ?? Number.POSITIVE_INFINITY);
}

/** Embeds the current intent and activates the units against it. */
export async function activate(
  intent: string,
  units: readonly TaskMemoryUnit[],
  embedder: EmbedderPort,
  options: {
    readonly vectors?: IntentVectors;
    readonly limit?: number;
    readonly signal?: AbortSignal;
  } = {},
): Promise<ActivatedUnit[]> {
  const vectors = options.vectors ?? (await embedIntents(units, embedder, options.signal));
  const query = await embedIntent(intent, embedder, options.signal);
  return activateUnits(query, units, vectors, options.limit);
}
