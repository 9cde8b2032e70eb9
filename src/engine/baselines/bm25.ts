/**
 * Okapi BM25 lexical retrieval (the MAP paper's BM25 baseline), over any units — usually raw
 * sessions (`unitsFromSessions`).
 *
 *   score(q, d) = Σ_{t ∈ q} idf(t) · tf(t,d)·(k1 + 1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 *   idf(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))          (Lucene's, never negative)
 *
 * with k1 = 1.2, b = 0.75. Query terms count once each (a repeated query word adds nothing).
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
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !ENGLISH_STOP_WORDS.has(w));
}

export interface Bm25Params {
  readonly k1?: number;
  readonly b?: number;
}

export interface Bm25Index {
  readonly size: number;
  readonly averageLength: number;
  idf(term: string): number;
  /** The BM25 score of every document for `query`, in corpus order. */
  scores(query: string): number[];
}

/** Indexes documents (their texts) for BM25. */
export function createBm25Index(texts: readonly string[], params: Bm25Params = {}): Bm25Index {
  const k1 = params.k1 ?? 1.2;
  const b = params.b ?? 0.75;
  const termFreqs = texts.map((text) => {
    const tf = new Map<string, number>();
    for (const term of bm25Terms(text)) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const lengths = texts.map((text) => bm25Terms(text).length);
  const docFreq = new Map<string, number>();
  for (const tf of termFreqs)
    for (const term of tf.keys()) docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
  const n = texts.length;
  const averageLength = n === 0 ? 0 : lengths.reduce((a, c) => a + c, 0) / n;
  const idf = (term: string): number => {
    const df = docFreq.get(term) ?? 0;
    return log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return {
    size: n,
    averageLength,
    idf,
    scores(query) {
      const terms = [...new Set(bm25Terms(query))];
      return termFreqs.map((tf, i) => {
        const norm = averageLength === 0 ? 1 : 1 - b + (b * (lengths[i] ?? 0)) / averageLength;
        let score = 0;
        for (const term of terms) {
          const f = tf.get(term) ?? 0;
          if (f > 0) score += (idf(term) * f * (k1 + 1)) / (f + k1 * norm);
        }
        return score;
      });
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
