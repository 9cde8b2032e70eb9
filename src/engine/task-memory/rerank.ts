/**
 * Re-ranking and pruning (MAP §4.2, eq. 4): every activated QA pair scores
 * α·retrieval + (1−α)·judge; the top 5 are kept and pruned to their core answers (the
 * questions are dropped, duplicate answers merged).
 *
 * Retrieval scores are cosines; by default they are min–max scaled over the activated units to
 * [0, 1] so that α weighs two scores on the same scale (all equal: every unit scales to 1).
 */
import type { SessionId } from '../types.ts';
import type { JudgeVerdict } from './judge.ts';
import { FAILED_JUDGE_SCORE } from './judge.ts';
import type { ActivatedUnit, RankedQa } from './types.ts';

export const DEFAULT_ALPHA = 0.5;
export const DEFAULT_TOP_QA = 5;

export class InvalidAlphaError extends RangeError {
  override readonly name = 'InvalidAlphaError';
}

export interface RerankOptions {
  /** Weight of retrieval against the judge, in [0, 1] (default 0.5). */
  readonly alpha?: number;
  /** Min–max scale retrieval scores to [0, 1] first (default true). */
  readonly scaleRetrieval?: boolean;
}

export function checkAlpha(alpha: number): number {
  if (!(alpha >= 0 && alpha <= 1))
    throw new InvalidAlphaError(`alpha must be between 0 and 1 (retrieval weight), got ${alpha}`);
  return alpha;
}

/** Every QA pair of the activated units, best first (ties: unit rank, then pair order). */
export function rerank(
  activated: readonly ActivatedUnit[],
  verdicts: ReadonlyMap<string, JudgeVerdict>,
  options: RerankOptions = {},
): RankedQa[] {
  const alpha = checkAlpha(options.alpha ?? DEFAULT_ALPHA);
  const scores = activated.map((a) => a.score);
  const lo = Math.min(...scores);
  const hi = Math.max(...scores);
  const scale = (s: number) =>
    options.scaleRetrieval === false ? s : hi - lo <= 1e-12 ? 1 : (s - lo) / (hi - lo);
  const out: (RankedQa & { order: number })[] = [];
  for (const { unit, score } of activated) {
    const retrieval = scale(score);
    for (const qa of unit.qa) {
      const verdict = verdicts.get(qa.id);
      const judge = verdict?.score ?? FAILED_JUDGE_SCORE;
      out.push({
        unitId: unit.id,
        sessionId: unit.provenance.sessionId,
        qa,
        retrieval,
        judge,
        score: alpha * retrieval + (1 - alpha) * judge,
        ...(verdict?.answers === undefined ? {} : { answers: verdict.answers }),
        order: out.length,
      });
    }
  }
  return out
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest);
}

/** The first `n` pairs (default 5). */
export const topQa = (ranked: readonly RankedQa[], n = DEFAULT_TOP_QA): RankedQa[] =>
  ranked.slice(0, Math.max(0, n));

/** Memory pruning: the core answers of the kept pairs, questions dropped, duplicates merged. */
export function pruneToAnswers(kept: readonly RankedQa[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of kept) {
    const answer = r.qa.answer.trim();
    const key = answer.toLowerCase();
    if (answer === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(answer);
  }
  return out;
}

/**
 * Sessions in the order their best pair ranks; sessions of activated units without any pair
 * follow in activation order. Recall@k of memory activation reads this list.
 */
export function rankedSessions(
  ranked: readonly RankedQa[],
  activated: readonly ActivatedUnit[],
): SessionId[] {
  const seen = new Set<SessionId>();
  for (const r of ranked) seen.add(r.sessionId);
  for (const a of activated) seen.add(a.unit.provenance.sessionId);
  return [...seen];
}
