/**
 * Where a ranked walk's set ends: where relevance falls off, not where the token cap is full.
 * Items come best first, each with its judge's fused score (z-scores over the set). The set keeps
 * items while their score stays within `drop` of the best one or at least `standOut`, and stops
 * before an item that would bring in a session past `maxSessions`; the first item always stays.
 *
 * `standOut` is an absolute threshold beside the relative drop: a fact that stands well above the
 * facts the walk reached is relevant on its own, however far out the best one lies. Without it one
 * outlying best match (often a coincidence of words: "celebrate her birthday" for "how should I
 * celebrate my birthday") raises the bar over every fact that stands out on meaning. Measured
 * without an LLM, word-steered questions (drop 2, 5 sessions): a threshold anywhere from 1 to 1.5
 * gives the built-in example 52.8 / 42.5 (recall@5 / F1, against 44.4 / 35.8 without it) and
 * leaves implicit-dev at 40.1 / 25.2; LoCoMo dev goes from 81.9 / 49.6 to 82.2 / 45.1 at 1, 82.1 /
 * 47.3 at 1.25, 81.9 / 48.8 at 1.5. 1.25 sits inside that range, away from its edges.
 */
import type { RetrievedItem } from '../retrieval.ts';

export interface SetCut {
  /** Most distinct sessions the set spans. */
  readonly maxSessions: number;
  /** Items scoring more than this below the best one are left out… */
  readonly drop: number;
  /** …unless they score at least this (absent: no such floor). */
  readonly standOut?: number;
  /** Most items. */
  readonly maxItems: number;
}

/** A question steered by its words: its fused scores fall off where the evidence ends. */
export const LEXICAL_SET_CUT: SetCut = {
  maxSessions: 5,
  drop: 2,
  standOut: 1.25,
  maxItems: Infinity,
};
/** A question steered by meaning: cosines fall off gently, so the five best facts. */
export const MEANING_SET_CUT: SetCut = { maxSessions: Infinity, drop: Infinity, maxItems: 5 };
/** What a walk whose judge does not choose uses. */
export const SET_CUT: SetCut = {
  maxSessions: 5,
  drop: Infinity,
  maxItems: Infinity,
};
/** At or above this cosine weight a question counts as steered by meaning. */
export const MEANING_WEIGHT = 0.9;

/** The cut for a question the hybrid weighs with cosine weight `w` (lexical-signal.ts). */
export function setCutFor(w: number): SetCut {
  return w >= MEANING_WEIGHT ? MEANING_SET_CUT : LEXICAL_SET_CUT;
}

export interface CutResult {
  readonly items: RetrievedItem[];
  readonly reason?: string;
}

/** The items of a ranked set up to where relevance falls off (see the file comment). */
export function cutRankedSet(items: readonly RetrievedItem[], cut: SetCut = SET_CUT): CutResult {
  const best = items[0]?.score;
  const sessions = new Set<string>();
  let kept = 0;
  let reason: string | undefined;
  for (const item of items) {
    if (kept >= cut.maxItems) {
      reason = `the set holds ${cut.maxItems} items`;
      break;
    }
    if (
      kept > 0 &&
      best !== undefined &&
      item.score !== undefined &&
      best - item.score > cut.drop &&
      !(cut.standOut !== undefined && item.score >= cut.standOut)
    ) {
      reason = `relevance falls off: ${(best - item.score).toFixed(2)} below the best fact`;
      break;
    }
    const fresh = item.sessionIds.filter((id) => !sessions.has(id));
    if (kept > 0 && fresh.length > 0 && sessions.size + fresh.length > cut.maxSessions) {
      reason = `the set spans ${cut.maxSessions} sessions`;
      break;
    }
    for (const id of fresh) sessions.add(id);
    kept++;
  }
  return reason === undefined ? { items: [...items] } : { items: items.slice(0, kept), reason };
}
