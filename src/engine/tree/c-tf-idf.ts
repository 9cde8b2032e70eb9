/**
 * Class-based TF-IDF (BERTopic's c-TF-IDF): how much a term marks one class (a node's member
 * facts, concatenated) against the other classes compared (its siblings).
 *
 *   W(t, c) = tf(t, c) · log(1 + A / f(t))
 *
 * tf(t, c): the frequency of t in class c, divided by the class's word count (L1, as BERTopic);
 * A: the mean word count per class; f(t): the count of t across all the classes compared.
 * Keywords are then picked greedily so that together they name as many member facts as possible:
 * a term's weight is scaled by the share of the class's facts it would newly name.
 */
import { log } from '../math/log.ts';
import { stemWord } from '../discourse/words.ts';

/** One class: its documents (member facts), each as its list of terms. */
export type TermClass = readonly (readonly string[])[];

/** c-TF-IDF weights of every term of every class, in class order. */
export function classTfIdf(classes: readonly TermClass[]): Map<string, number>[] {
  const counts = classes.map(classCounts);
  const across = new Map<string, number>();
  let words = 0;
  for (const tf of counts) {
    for (const [term, n] of tf) {
      across.set(term, (across.get(term) ?? 0) + n);
      words += n;
    }
  }
  const meanWords = classes.length === 0 ? 0 : words / classes.length;
  return counts.map((tf) => classWeights(tf, across, meanWords));
}

/** How often each term occurs in the class's documents, in their order. */
export function classCounts(docs: TermClass): Map<string, number> {
  const tf = new Map<string, number>();
  for (const doc of docs) for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
  return tf;
}

/**
 * One class's c-TF-IDF weights from its counts, given each term's count `across` every class
 * compared and their mean word count.
 */
export function classWeights(
  tf: ReadonlyMap<string, number>,
  across: ReadonlyMap<string, number>,
  meanWords: number,
): Map<string, number> {
  const size = [...tf.values()].reduce((a, b) => a + b, 0);
  const weights = new Map<string, number>();
  for (const [term, n] of tf) {
    const idf = log(1 + meanWords / (across.get(term) ?? n));
    weights.set(term, (n / size) * idf);
  }
  return weights;
}

/** Weight kept by a fact the keywords chosen so far already name (new facts count fully). */
const COVERED_WEIGHT = 0.25;

export interface KeywordCount {
  /** Keywords always wanted (fewer only when the class has fewer terms). */
  readonly min: number;
  /** Keywords at most. */
  readonly max: number;
  /** Past `min`, keywords are added only while they name less than this share of the documents. */
  readonly coverage: number;
}

/**
 * Keywords for a class (`count.min`, more up to `count.max` while they name too few of its
 * documents): greedily, the term whose c-TF-IDF weight times the share
 * of the class's documents it newly names (documents already named count a quarter) is best;
 * a term with the stem of one already chosen ("loaf", "loaves") is skipped. Ties go to the term
 * met first in `docs` (pass the most central document first), so the result is deterministic.
 */
export function pickKeywords(
  weights: ReadonlyMap<string, number>,
  docs: TermClass,
  count: KeywordCount,
): string[] {
  const docsOf = new Map<string, number[]>();
  docs.forEach((doc, i) => {
    for (const term of new Set(doc)) {
      const list = docsOf.get(term);
      if (list) list.push(i);
      else docsOf.set(term, [i]);
    }
  });
  const candidates = [...new Set(docs.flat())].filter((t) => weights.has(t));
  const covered = new Set<number>();
  const stems = new Set<string>();
  const out: string[] = [];
  const enough = () =>
    out.length >= count.max ||
    (out.length >= count.min && covered.size >= count.coverage * docs.length);
  while (!enough()) {
    let best: string | undefined;
    let bestScore = 0;
    for (const term of candidates) {
      if (out.includes(term) || stems.has(stemWord(term))) continue;
      const hits = docsOf.get(term) ?? [];
      const fresh = hits.filter((i) => !covered.has(i)).length;
      const reach = (fresh + COVERED_WEIGHT * (hits.length - fresh)) / Math.max(1, docs.length);
      const score = (weights.get(term) ?? 0) * reach;
      if (score > bestScore) [best, bestScore] = [term, score];
    }
    if (best === undefined) break;
    out.push(best);
    stems.add(stemWord(best));
    for (const i of docsOf.get(best) ?? []) covered.add(i);
  }
  return out;
}
