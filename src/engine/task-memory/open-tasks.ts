/**
 * The open-task prior of memory activation: a session that comes back to a task resumes one
 * that is still open. A stored unit whose session completed its task (the task was confirmed
 * there) is closed, and so is, to the degree it resembles one, every earlier unit of that same
 * finished task: `closedness` is 1 for a completed unit and, for any other unit, its highest
 * TF-IDF cosine to a completed unit (the sessions of one task share its names, places and dates;
 * on MS-TOD dev this similarity tells the earlier sessions of a finished task from the rest with
 * ROC AUC 0.99). Activation subtracts `weight × closedness` from a unit's score, so a finished
 * task still surfaces when the current words match it much better than anything open.
 *
 * Everything here reads the memory only (the stored units and which of them completed a task),
 * never the current session. IDF comes from the units themselves.
 */
import { bm25Terms } from '../baselines/bm25-terms.ts';
import type { TaskMemoryUnit } from './types.ts';
import { log } from '../math/index.ts';

/**
 * Default weight of the prior: off. Grove's chat recalls finished tasks on purpose (re-book the
 * same table), and the prior would bury exactly those. MS-TOD asks the opposite question (which
 * earlier sessions does this session continue?), and there every earlier session of the target
 * task is unfinished by construction; `MS_TOD_OPEN_TASK_WEIGHT` is the value tuned for that
 * question, reported as an ablation (`grove eval --dataset ms-tod --open-task-weight 12`).
 */
export const DEFAULT_OPEN_TASK_WEIGHT = 0;

/**
 * The prior's weight tuned on MS-TOD dev, in standard deviations of the fused activation score
 * (12 to 16 lead Recall@5 on both halves of the personas; 4 and 24 lose 0.01 to 0.05).
 */
export const MS_TOD_OPEN_TASK_WEIGHT = 12;

/** The words a unit is matched by: its activation text (its intent when it has none). */
export const unitText = (unit: TaskMemoryUnit): string => unit.activationText ?? unit.intent;

type TermVector = ReadonlyMap<string, number>;

/** Unit-length TF-IDF vectors (sublinear tf, smoothed IDF over `texts` themselves). */
export function termVectors(texts: readonly string[]): TermVector[] {
  const terms = texts.map(bm25Terms);
  const docFreq = new Map<string, number>();
  for (const ts of terms) for (const t of new Set(ts)) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
  const n = texts.length;
  return terms.map((ts) => {
    const tf = new Map<string, number>();
    for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v = new Map<string, number>();
    let sq = 0;
    for (const [t, f] of tf) {
      const w = (1 + log(f)) * log((n + 1) / ((docFreq.get(t) ?? 0) + 0.5));
      v.set(t, w);
      sq += w * w;
    }
    const len = Math.sqrt(sq);
    if (len > 0) for (const [t, w] of v) v.set(t, w / len);
    return v;
  });
}

export function termCosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, w] of small) s += w * (large.get(t) ?? 0);
  return s;
}

/**
 * How closed each unit's task looks, in [0, 1], in unit order: 1 for a unit in `completed` (ids
 * of units whose session completed its task), otherwise its highest TF-IDF cosine to one of
 * them (0 when none completed).
 */
export function closedness(
  units: readonly TaskMemoryUnit[],
  completed: ReadonlySet<string>,
): number[] {
  const done = units.flatMap((u, i) => (completed.has(u.id) ? [i] : []));
  if (done.length === 0) return units.map(() => 0);
  const vectors = termVectors(units.map(unitText));
  return units.map((u, i) => {
    if (completed.has(u.id)) return 1;
    const own = vectors[i] as TermVector;
    let best = 0;
    for (const j of done) best = Math.max(best, termCosine(own, vectors[j] as TermVector));
    return Math.min(1, best);
  });
}
