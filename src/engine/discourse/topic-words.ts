/**
 * The lexical routing signal: how many of a query's words a topic's rounds already hold. Words
 * are content words (no stop or filler words) reduced by the Porter stemmer (npm `stemmer`), so
 * "configuration" meets "configure" and "sisters" meets "sister"; numbers are kept as written
 * ("16gb", "9000"). The overlap weighs each word by its rarity in the conversation (BM25's idf over
 * the rounds so far): a word every round repeats ("laptop" in a laptop-buying dialogue) says
 * little about which topic a turn belongs to, a word only one topic holds says a lot.
 *
 *   overlap(q, T) = Σ_{w ∈ q ∩ T} idf(w) / Σ_{w ∈ q} idf(w),   idf(w) = ln(1 + (N − n_w + ½) / (n_w + ½))
 *
 * with N the conversation's rounds and n_w those holding w. A query without a content word has
 * no overlap with anything (0): the dialogue's shape decides it (dialogue-shape.ts).
 */
import { stemmer } from 'stemmer';
import { log } from '../math/index.ts';
import { hasDigit, isContentWord, normaliseText, wordTokens } from './words.ts';

/** The Porter stems of a text's content words (numbers as normalised tokens). */
export function topicStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of wordTokens(normaliseText(text))) {
    if (!isContentWord(t.norm)) continue;
    out.add(hasDigit(t.norm) ? t.norm : stemmer(t.norm));
  }
  return out;
}

/** How many rounds of the conversation hold each stem, and how many rounds there are. */
export interface StemCounts {
  readonly rounds: number;
  readonly counts: ReadonlyMap<string, number>;
}

export function stemCounts(rounds: readonly ReadonlySet<string>[]): StemCounts {
  const counts = new Map<string, number>();
  for (const stems of rounds) for (const s of stems) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { rounds: rounds.length, counts };
}

export function stemIdf(stem: string, counts: StemCounts): number {
  const n = Math.max(1, counts.counts.get(stem) ?? 0);
  return log(1 + (counts.rounds - n + 0.5) / (n + 0.5));
}

/** The idf-weighted share of the query's stems that the topic's stems hold, in [0, 1]. */
export function wordOverlap(
  query: ReadonlySet<string>,
  topic: ReadonlySet<string>,
  counts: StemCounts,
): number {
  let all = 0;
  let shared = 0;
  for (const stem of query) {
    const w = stemIdf(stem, counts);
    all += w;
    if (topic.has(stem)) shared += w;
  }
  return all === 0 ? 0 : shared / all;
}
