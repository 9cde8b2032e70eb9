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
import { termDictionary, type TermCounts } from './bm25-terms.ts';

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

/**
 * Which documents hold each term, and how often, by term number (`start[t]` to `start[t + 1]`
 * in `docs` and `freqs`, documents in corpus order): a question's scores then visit only those
 * (a heavy user's 30,000 facts, of which a question's words are in a few hundred).
 */
interface Postings {
  readonly start: Int32Array;
  readonly docs: Int32Array;
  readonly freqs: Int32Array;
}

function postingsOf(counts: readonly TermCounts[], docFreq: Int32Array): Postings {
  const start = new Int32Array(docFreq.length + 1);
  for (let t = 0; t < docFreq.length; t++)
    start[t + 1] = (start[t] as number) + (docFreq[t] as number);
  const next = start.slice(0, docFreq.length);
  const total = start[docFreq.length] as number;
  const docs = new Int32Array(total);
  const freqs = new Int32Array(total);
  counts.forEach(({ terms, freqs: f }, doc) => {
    for (let j = 0; j < terms.length; j++) {
      const t = terms[j] as number;
      const at = next[t] as number;
      next[t] = at + 1;
      docs[at] = doc;
      freqs[at] = f[j] as number;
    }
  });
  return { start, docs, freqs };
}

/** Indexes documents (their texts) for BM25. */
export function createBm25Index(texts: readonly string[], params: Bm25Params = {}): Bm25Index {
  const k1 = params.k1 ?? 1.2;
  const b = params.b ?? 0.75;
  const dictionary = termDictionary(params.stem !== false);
  const counts = texts.map((text) => dictionary.countsOf(text));
  // Every term these documents hold is numbered by now (later ones are in none of them).
  const docFreq = new Int32Array(dictionary.size);
  for (const { terms } of counts) for (const t of terms) docFreq[t] = (docFreq[t] as number) + 1;
  const n = texts.length;
  const averageLength = n === 0 ? 0 : counts.reduce((a, c) => a + c.length, 0) / n;
  let postings: Postings | undefined;
  const prepare = () => (postings ??= postingsOf(counts, docFreq));
  const dfOf = (term: number) =>
    term >= 0 && term < docFreq.length ? (docFreq[term] as number) : 0;
  const idfOf = (term: number): number => {
    const df = dfOf(term);
    return log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return {
    size: n,
    averageLength,
    idf: (word) => idfOf(dictionary.find(word.toLowerCase())),
    prepare: () => void prepare(),
    scores(query) {
      // Term by term over the documents that hold it: each document's terms are added in the
      // query's order, as a pass over every document would, so the same sums to the last bit.
      const out = new Array<number>(n).fill(0);
      const { start, docs, freqs } = prepare();
      for (const term of dictionary.queryTerms(query)) {
        if (dfOf(term) === 0) continue;
        const weight = idfOf(term);
        for (let j = start[term] as number; j < (start[term + 1] as number); j++) {
          const i = docs[j] as number;
          const f = freqs[j] as number;
          const norm =
            averageLength === 0 ? 1 : 1 - b + (b * (counts[i]?.length ?? 0)) / averageLength;
          out[i] = (out[i] as number) + (weight * f * (k1 + 1)) / (f + k1 * norm);
        }
      }
      return out;
    },
    matchedShare(query, doc) {
      const terms = counts[doc]?.terms;
      let mass = 0;
      let matched = 0;
      for (const term of dictionary.queryTerms(query)) {
        if (dfOf(term) === 0) continue;
        const weight = idfOf(term);
        mass += weight;
        if (terms?.includes(term)) matched += weight;
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
