/**
 * The words BM25 matches on (bm25.ts): a text lower-cased, split on anything but letters and
 * digits, stop words dropped, each word reduced to its Porter stem (or kept as written). Each
 * distinct term gets a number in a `TermDictionary`, and a text's counts are kept as two small
 * integer arrays: an index over a heavy user's 30,000 facts is then built from arrays, not from a
 * map per fact (a memory opening builds one before its first answer).
 */
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

/** A text's words, lower-cased and split on anything but letters and digits; stop words kept. */
function wordsOf(text: string): readonly string[] {
  const lower = text.toLowerCase();
  // ASCII text (nearly all of it) splits the same on the plain pattern, several times faster.
  return (NON_ASCII.test(lower) ? lower.match(WORD) : lower.match(ASCII_WORD)) ?? [];
}

const NON_ASCII = /[^ -~\t\n\r]/;
const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /[a-z0-9]+/g;

/** Lower-cases, splits on anything but letters and digits, drops stop words. No stemming. */
export function bm25Terms(text: string): string[] {
  return wordsOf(text).filter((w) => !ENGLISH_STOP_WORDS.has(w));
}

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

/** A text's distinct terms (their numbers in the dictionary) and how often each occurs. */
export interface TermCounts {
  readonly terms: Int32Array;
  readonly freqs: Int32Array;
  /** How many terms the text has, repeats counted (its BM25 length). */
  readonly length: number;
}

/** A word that is a stop word (counted in no text). */
const STOP = -1;
/** Texts whose counts a dictionary keeps (a memory's lexicon is rebuilt for every new tree). */
const MAX_COUNTS_KEPT = 200_000;
/** Terms a dictionary numbers before a fresh one replaces it (for the texts counted after). */
const MAX_TERMS = 1_000_000;

/**
 * Numbers for terms (stems, or words as written), and the counts of the texts read with them. An
 * index keeps the dictionary it was built with, so a full dictionary is replaced, never cleared.
 */
export class TermDictionary {
  /** Each word seen (stop words too) → its term's number, or STOP. */
  private readonly ofWord = new Map<string, number>();
  /** Each term → its number. */
  private readonly ofTerm = new Map<string, number>();
  private readonly counts = new Map<string, TermCounts>();
  /** Scratch for counting a text: the text a term was last seen in, and its place there. */
  private seenIn = new Int32Array(1024).fill(-1);
  private placeIn = new Int32Array(1024);
  private texts = 0;

  constructor(private readonly stem: boolean) {}

  /** How many terms have numbers: every number is below it. */
  get size(): number {
    return this.ofTerm.size;
  }

  get full(): boolean {
    return this.ofTerm.size >= MAX_TERMS;
  }

  /** The number of `word`'s term, made if new; STOP for a stop word. */
  private numberOf(word: string): number {
    let id = this.ofWord.get(word);
    if (id !== undefined) return id;
    if (ENGLISH_STOP_WORDS.has(word)) id = STOP;
    else {
      const term = this.stem ? stemOf(word) : word;
      id = this.ofTerm.get(term);
      if (id === undefined) this.ofTerm.set(term, (id = this.ofTerm.size));
    }
    this.ofWord.set(word, id);
    return id;
  }

  /**
   * The number of an already counted term matching `word` (as a query word is matched), or −1:
   * a word no counted text holds.
   */
  find(word: string): number {
    const id = this.ofWord.get(word);
    if (id !== undefined) return id;
    if (ENGLISH_STOP_WORDS.has(word)) return STOP;
    return this.ofTerm.get(this.stem ? stemOf(word) : word) ?? -1;
  }

  /** The distinct terms of a query, in the order they first occur; words no text holds left out. */
  queryTerms(query: string): number[] {
    const out: number[] = [];
    for (const word of wordsOf(query)) {
      const id = this.find(word);
      if (id >= 0 && !out.includes(id)) out.push(id);
    }
    return out;
  }

  /** `text`'s term counts, kept per text while few enough are kept (texts never change). */
  countsOf(text: string): TermCounts {
    const known = this.counts.get(text);
    if (known) return known;
    const counts = this.count(text);
    if (this.counts.size >= MAX_COUNTS_KEPT) this.counts.clear();
    this.counts.set(text, counts);
    return counts;
  }

  private count(text: string): TermCounts {
    const stamp = this.texts++;
    const terms: number[] = [];
    const freqs: number[] = [];
    let length = 0;
    for (const word of wordsOf(text)) {
      const id = this.numberOf(word);
      if (id === STOP) continue;
      length++;
      if (id >= this.seenIn.length) this.grow(id);
      if (this.seenIn[id] === stamp) {
        const at = this.placeIn[id] as number;
        freqs[at] = (freqs[at] as number) + 1;
      } else {
        this.seenIn[id] = stamp;
        this.placeIn[id] = terms.length;
        terms.push(id);
        freqs.push(1);
      }
    }
    return { terms: Int32Array.from(terms), freqs: Int32Array.from(freqs), length };
  }

  private grow(id: number): void {
    let size = this.seenIn.length;
    while (size <= id) size *= 2;
    const seenIn = new Int32Array(size).fill(-1);
    seenIn.set(this.seenIn);
    const placeIn = new Int32Array(size);
    placeIn.set(this.placeIn);
    this.seenIn = seenIn;
    this.placeIn = placeIn;
  }
}

const dictionaries = { stem: new TermDictionary(true), plain: new TermDictionary(false) };

/** The dictionary new indexes number their terms with (stems, or words as written). */
export function termDictionary(stem: boolean): TermDictionary {
  const key = stem ? 'stem' : 'plain';
  if (dictionaries[key].full) dictionaries[key] = new TermDictionary(stem);
  return dictionaries[key];
}

/**
 * Counts the terms of texts an index will soon be built over (kept per text, as the index reads
 * them), `pause` called between texts: a memory opening counts its transcripts while the tree is
 * still being read.
 */
export async function countTermsAhead(
  texts: Iterable<string>,
  pause: () => Promise<void>,
): Promise<void> {
  const dictionary = termDictionary(true);
  for (const text of texts) {
    dictionary.countsOf(text);
    await pause();
  }
}
