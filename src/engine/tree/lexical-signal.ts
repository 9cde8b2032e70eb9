/**
 * How far the no-LLM judge trusts words over meaning, per question. Its fusion is
 * w·z(cosine) + (1 − w)·z(BM25); w 0.25 was tuned on LoCoMo, whose questions name what they ask
 * about (the people, places, things of the session that answers). An implicit question shares no
 * word with its evidence, and its words match distractors instead ("present" meets a session about
 * a colleague's present, not the sourdough sessions that answer it): there BM25 steers the walk
 * the wrong way, and meaning alone should.
 *
 * The signal is the lexicon's `lexicalSignal`: the share of the question's idf mass found in the
 * session BM25 ranks first. Measured over whole transcripts (Porter stems): LoCoMo dev median
 * 0.85 (10th percentile 0.26), implicit-dev median 0.22 (90th percentile 0.33), the built-in
 * example median 0.25. The weight goes from the tuned w at a signal of `SIGNAL_HIGH` or more to 1
 * (cosine alone) at `SIGNAL_LOW` or less, linearly between.
 */

import type { FactId, MemoryTree, Vector } from '../types.ts';
import type { TreeLexicon } from './lexicon.ts';

/** At or below this signal the question is steered by meaning alone. */
export const SIGNAL_LOW = 0.4;
/** At or above it, by the tuned fusion. */
export const SIGNAL_HIGH = 0.55;

/** The cosine weight for a question of lexical signal `signal`, given the tuned weight `w`. */
export function signalWeight(
  signal: number,
  w: number,
  low = SIGNAL_LOW,
  high = SIGNAL_HIGH,
): number {
  if (!(signal > low)) return 1;
  if (signal >= high) return w;
  return 1 - ((1 - w) * (signal - low)) / (high - low);
}

/** Agreement is full while the lexical best session's closest fact ranks in this top share by cosine. */
export const AGREE_FULL = 0.05;
/** …and none from this share down. */
export const AGREE_NONE = 0.2;

/**
 * The question's lexical signal: the word share of its best BM25 session (the lexicon's
 * `lexicalSignal`), discounted when meaning disagrees with that session. A session that matches
 * the question's words but none of whose facts comes near it by cosine is a coincidence of words
 * (a session about a colleague's present for "a present for me", a session with no fact at all).
 * On LoCoMo dev the best BM25 session holds a fact in the top 3.4% by cosine for 90% of the
 * questions; on implicit-dev, for half of them, it sits below the top 40%.
 */
export function questionSignal(
  tree: MemoryTree,
  lexicon: TreeLexicon,
  question: string,
  query: Vector,
): number {
  const match = lexicon.lexicalSignal(question);
  if (match.session === undefined || match.share === 0) return 0;
  const { ids, cosines } = lexicon.factCosines(query);
  const own = lexicon.sessionFacts(match.session);
  let best = -Infinity;
  for (let i = 0; i < ids.length; i++) {
    const c = cosines[i] as number;
    if (c > best && own.has(ids[i] as FactId)) best = c;
  }
  if (best === -Infinity || cosines.length === 0) return 0;
  let above = 0;
  for (const c of cosines) if (c > best) above++;
  const rank = above / cosines.length;
  const agreement =
    rank <= AGREE_FULL
      ? 1
      : rank >= AGREE_NONE
        ? 0
        : (AGREE_NONE - rank) / (AGREE_NONE - AGREE_FULL);
  return match.share * agreement;
}
