/**
 * Okapi BM25 lexical retrieval (the MAP paper's BM25 baseline), over any units — usually raw
 * sessions (`unitsFromSessions`).
 *
 *   score(q, d) = Σ_{t ∈ q} idf(t) · tf(t,d)·(k1 + 1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 *   idf(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))          (Lucene's, never negative)
 *
 * with k1 = 1.2, b = 0.75, over Porter stems (`stemmer`: "live", "lives" and "living" are one
 * term; `stem: false` matches the words as written). Query terms count once each (a repeated
 * query word adds nothing).
 * Like Lucene, only units sharing a term with the query are returned: a unit scoring 0 is not
 * retrieved, so a query made only of stop words retrieves nothing.
 */
import type { Tokenizer } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import { approximateTokenizer } from '../tokens.ts';
import { throwIfAborted } from '../errors.ts';
import { checkK, selectionResult, unitSelection } from './flat-result.ts';
import type { UnitSource } from './flat-topk.ts';
import { log } from '../math/index.ts';
import { stemmer } from 'stemmer';

// prettier-ignore
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'am', 'an', 'and', 'any', 'are', 'as',
  'at', 'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can',
  'could', 'd', 'did', 'do', 'does', 'doing', 'down', 'during', 'each', 'few', 'for', 'from',
  'further', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'herself', 'him',
  'himself', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'll', 'm',
  'me', 'more', 'most', 'my', 'myself', 'no', 'nor', 'not', 'now', 'of', 'off', 'on', 'once',
  'only', 'or', 'other', 'our', 'ours', 'ourselves', 'out', 'over', 'own', 're', 's', 'same',
  'she', 'should', 'so', 'some', 'such', 't', 'than', 'that', 'the', 'their', 'theirs', 'them',
  'themselves', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'under',
  'until', 'up', 've', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while',
  'who', 'whom', 'why', 'will', 'with', 'would', 'you', 'your', 'yours', 'yourself', 'yourselves',
]);

/** Lower-cases, splits on anything but letters and digits, drops stop words. No stemming. */
export function bm25Terms(text: string): string[] {
  const lower = text.toLowerCase();
  // ASCII text (nearly all of it) splits the same on the plain pattern, several times faster.
  const words = (NON_ASCII.test(lower) ? lower.match(WORD) : lower.match(ASCII_WORD)) ?? [];
  return words.filter((w) => !ENGLISH_STOP_WORDS.has(w));
}

const NON_ASCII = /[^ -~\t\n\r]/;
const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /[a-z0-9]+/g;

const stems = new Map<string, string>();

/** A word's Porter stem (the `stemmer` package), memoised: "lives", "living" and "lived" → "live". */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size < 200_000) stems.set(word, stem);
  }
  return stem;
}

/** `bm25Terms`, each reduced to its Porter stem: what the BM25 index matches on. */
export function bm25Stems(text: string): string[] {
  return bm25Terms(text).map(stemOf);
}

export interface Bm25Params {
  readonly k1?: number;
  readonly b?: number;
  /** Match words by their Porter stem (default true): "live" finds "lives" and "living". */
  readonly stem?: boolean;
}

export interface Bm25Index {
  readonly size: number;
  readonly averageLength: number;
  /** The idf of a word (as the index matches it: its stem, unless `stem` is false). */
  idf(word: string): number;
  /** The BM25 score of every document for `query`, in corpus order. */
  scores(query: string): number[];
  /** Builds the postings now rather than on the first query (a memory opening, say). */
  prepare(): void;
  /**
   * The share of the query's idf mass that occurs in document `doc`, over the query's distinct
   * terms that occur anywhere in the corpus (each weighed by its idf): 1 when the document holds
   * every such term, 0 when it holds none (or no query term occurs in the corpus).
   */
  matchedShare(query: string, doc: number): number;
}

interface TermCounts {
  readonly tf: ReadonlyMap<string, number>;
  readonly length: number;
}

/**
 * A text's term counts, kept per text (stemmed and plain apart) while few enough are kept: a
 * memory's lexicon is rebuilt for every new tree (an insert adds a few facts to 30,000), and the
 * counts of texts it indexed before are the same (they are never changed once made).
 */
const countsKept = { stem: new Map<string, TermCounts>(), plain: new Map<string, TermCounts>() };
const MAX_COUNTS_KEPT = 200_000;

function termCounts(text: string, stem: boolean): TermCounts {
  const kept = stem ? countsKept.stem : countsKept.plain;
  const known = kept.get(text);
  if (known) return known;
  const tf = new Map<string, number>();
  const terms = stem ? bm25Stems(text) : bm25Terms(text);
  for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
  const counts = { tf, length: terms.length };
  if (kept.size >= MAX_COUNTS_KEPT) kept.clear();
  kept.set(text, counts);
  return counts;
}

/**
 * Counts the terms of texts an index will soon be built over (kept per text, as `termCounts`
 * keeps them), `pause` called between texts: a memory opening counts its transcripts while the
 * tree is still being read.
 */
export async function countTermsAhead(
  texts: Iterable<string>,
  pause: () => Promise<void>,
): Promise<void> {
  for (const text of texts) {
    termCounts(text, true);
    await pause();
  }
}

/** Indexes documents (their texts) for BM25. */
export function createBm25Index(texts: readonly string[], params: Bm25Params = {}): Bm25Index {
  const k1 = params.k1 ?? 1.2;
  const b = params.b ?? 0.75;
  const stem = params.stem !== false;
  const termsOf = stem ? bm25Stems : bm25Terms;
  const lengths: number[] = [];
  const termFreqs = texts.map((text) => {
    const counts = termCounts(text, stem);
    lengths.push(counts.length);
    return counts.tf;
  });
  const docFreq = new Map<string, number>();
  for (const tf of termFreqs)
    for (const term of tf.keys()) docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
  const n = texts.length;
  const averageLength = n === 0 ? 0 : lengths.reduce((a, c) => a + c, 0) / n;
  // Which documents hold each term, and how often: a question's scores then visit only those
  // (a heavy user's 30,000 facts, of which a question's words are in a few hundred).
  let postings: Map<string, { docs: number[]; freqs: number[] }> | undefined;
  const postingsOf = () => {
    if (postings) return postings;
    const built = new Map<string, { docs: number[]; freqs: number[] }>();
    termFreqs.forEach((tf, doc) => {
      for (const [term, f] of tf) {
        let list = built.get(term);
        if (!list) built.set(term, (list = { docs: [], freqs: [] }));
        list.docs.push(doc);
        list.freqs.push(f);
      }
    });
    return (postings = built);
  };
  const idf = (term: string): number => {
    const df = docFreq.get(term) ?? 0;
    return log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return {
    size: n,
    averageLength,
    idf: (word) => idf(params.stem === false ? word.toLowerCase() : stemOf(word.toLowerCase())),
    prepare: () => void postingsOf(),
    scores(query) {
      // Term by term over the documents that hold it: each document's terms are added in the
      // query's order, as a pass over every document would, so the same sums to the last bit.
      const out = new Array<number>(n).fill(0);
      const index = postingsOf();
      for (const term of new Set(termsOf(query))) {
        const list = index.get(term);
        if (!list) continue;
        const weight = idf(term);
        for (let j = 0; j < list.docs.length; j++) {
          const i = list.docs[j] as number;
          const f = list.freqs[j] as number;
          const norm = averageLength === 0 ? 1 : 1 - b + (b * (lengths[i] ?? 0)) / averageLength;
          out[i] = (out[i] as number) + (weight * f * (k1 + 1)) / (f + k1 * norm);
        }
      }
      return out;
    },
    matchedShare(query, doc) {
      const tf = termFreqs[doc];
      let mass = 0;
      let matched = 0;
      for (const term of new Set(termsOf(query))) {
        if (!docFreq.has(term)) continue;
        const weight = idf(term);
        mass += weight;
        if (tf?.has(term)) matched += weight;
      }
      return mass === 0 ? 0 : matched / mass;
    },
  };
}

export interface Bm25RetrieverOptions extends Bm25Params {
  readonly name?: string;
  readonly units: readonly UnitSource[];
  readonly k: number;
  readonly tokenizer?: Tokenizer;
}

/** BM25 top-k over units; ties keep corpus order. No LLM call, no embedding. */
export function createBm25Retriever(options: Bm25RetrieverOptions): Retriever {
  const k = checkK(options.k);
  const units = options.units;
  const index = createBm25Index(
    units.map((u) => u.text),
    options,
  );
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  return {
    name: options.name ?? 'bm25',
    async retrieve(query, retrieveOptions = {}) {
      throwIfAborted(retrieveOptions.signal);
      const selections = index
        .scores(query)
        .map((score, i) => ({ score, i }))
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .slice(0, k)
        .flatMap(({ score, i }) => {
          const unit = units[i];
          return unit ? [unitSelection(unit, score)] : [];
        });
      return selectionResult(selections, tokenizer, retrieveOptions);
    },
  };
}
