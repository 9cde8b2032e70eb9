/**
 * The words labels are made of, counted over a tree's facts: each fact's candidate keywords
 * (`labelTerms`, kept per fact object) and how many facts hold each term, carried from one facts
 * map to the next through what changed, laid out ahead by a worker's idle work and kept with the
 * tree's image (storage/tree-image.ts). label-tree.ts weighs them into keywords.
 */
import type { FactId, MemoryTree } from '../types.ts';
import { fnv1a } from '../fingerprint.ts';
import { LayeredMap } from '../layered-map.ts';
import { labelTerms } from './label-format.ts';

/**
 * A term in more than this share of the tree's facts names nothing in particular (a speaker's
 * name on every LoCoMo fact, "user" in LLM facts): it is no keyword (CountVectorizer's max_df).
 */
export const MAX_TREE_DF = 0.25;
/** Trees with fewer facts than this keep every term (a share of a handful means little). */
const MIN_FACTS_FOR_MAX_DF = 12;

/** A fact's candidate keywords, kept per fact object (facts are immutable and shared by trees). */
const termsByFact = new WeakMap<object, string[]>();
function termsOfFact(fact: { readonly text: string }): string[] {
  let terms = termsByFact.get(fact);
  if (!terms) {
    terms = labelTerms(fact.text);
    termsByFact.set(fact, terms);
  }
  return terms;
}

/** A tree's candidate keywords, counted over all its facts. */
interface TermCounts {
  /** How many facts hold each term. */
  readonly df: ReadonlyMap<string, number>;
  /** How often each term occurs in all of them (a fact's repeats included). */
  readonly total: ReadonlyMap<string, number>;
}

/** Term counts being made (a `Map`, or a LayeredMap over the counts they start from). */
interface Counter {
  get(term: string): number | undefined;
  set(term: string, n: number): unknown;
  delete(term: string): unknown;
}

/** The counts of each facts map (kept while it lives). */
const termCounts = new WeakMap<MemoryTree['facts'], TermCounts>();
/** The facts map counted last: any two facts maps differ by a diff, so it can seed the next. */
let lastCounted: WeakRef<MemoryTree['facts']> | undefined;

function bump(counts: Counter, term: string, by: number): void {
  const n = (counts.get(term) ?? 0) + by;
  if (n === 0) counts.delete(term);
  else counts.set(term, n);
}

function addCounts(
  counts: { readonly df: Counter; readonly total: Counter },
  fact: { readonly text: string },
  sign: 1 | -1,
): void {
  const terms = termsOfFact(fact);
  for (const term of new Set(terms)) bump(counts.df, term, sign);
  for (const term of terms) bump(counts.total, term, sign);
}

/**
 * The tree's term counts: carried over from `from` where it has them (a few facts added to
 * 30,000 change a few counts), else counted over every fact.
 */
function treeTermCounts(tree: Pick<MemoryTree, 'facts'>, from?: MemoryTree): TermCounts {
  const kept = termCounts.get(tree.facts);
  if (kept) return kept;
  const last = lastCounted?.deref();
  const base = from && termCounts.has(from.facts) ? from.facts : last;
  const before = base && termCounts.get(base);
  let counts: TermCounts;
  if (base && before) {
    const df = LayeredMap.edit(before.df);
    const total = LayeredMap.edit(before.total);
    // Only where the two facts maps may differ (layered over one base), else every fact.
    const ids = LayeredMap.changedBetween(base, tree.facts) ?? [
      ...base.keys(),
      ...tree.facts.keys(),
    ];
    for (const id of new Set(ids)) {
      const old = base.get(id);
      const now = tree.facts.get(id);
      if (old === now || (old && now && old.text === now.text)) continue;
      if (old) addCounts({ df, total }, old, -1);
      if (now) addCounts({ df, total }, now, 1);
    }
    counts = { df: df.freeze(), total: total.freeze() };
  } else {
    const df = new Map<string, number>();
    const total = new Map<string, number>();
    for (const fact of tree.facts.values()) addCounts({ df, total }, fact, 1);
    counts = { df, total };
  }
  termCounts.set(tree.facts, counts);
  lastCounted = new WeakRef(tree.facts);
  return counts;
}

/**
 * Raise when what `labelTerms` reads from a text changes in a way the probe below would not show:
 * counts kept under other rules are not used.
 */
const LABEL_TERMS_VERSION = 1;
const RULES_PROBE =
  "My sister's new flat in Lisbon has a balcony; she's learning Korean and cooks mushroom ramen — 42 times!";

/** The rules a kept count was made under: the version and what `labelTerms` reads of a probe. */
export const LABEL_TERM_RULES = `${LABEL_TERMS_VERSION}:${fnv1a(JSON.stringify(labelTerms(RULES_PROBE)))}`;

/** A facts map's term counts as kept with its tree's image (storage/tree-image.ts). */
export interface TermCountsImage {
  readonly rules: string;
  readonly df: readonly (readonly [string, number])[];
  readonly total: readonly (readonly [string, number])[];
}

/**
 * The term counts of `tree`'s facts, to keep with its image: so that a memory opened from it
 * labels its first insert from them instead of reading all 30,000 facts' terms (0.15–0.3 s).
 */
export async function termCountsImage(
  facts: MemoryTree['facts'],
  pause?: () => Promise<void>,
): Promise<TermCountsImage> {
  await prepareLabels({ facts }, pause);
  const counts = treeTermCounts({ facts });
  return { rules: LABEL_TERM_RULES, df: [...counts.df], total: [...counts.total] };
}

/** Takes `image` as the counts of `facts` (from the image of their tree), if its rules are ours. */
export function seedTermCounts(facts: MemoryTree['facts'], image: TermCountsImage): boolean {
  if (image.rules !== LABEL_TERM_RULES || termCounts.has(facts)) return false;
  termCounts.set(facts, { df: new Map(image.df), total: new Map(image.total) });
  lastCounted = new WeakRef(facts);
  return true;
}

/** Lays out what labelling `tree` will count, ahead of time (a fresh worker's idle work). */
export async function prepareLabels(
  tree: Pick<MemoryTree, 'facts'>,
  pause: () => Promise<void> = async () => undefined,
): Promise<void> {
  if (termCounts.has(tree.facts)) return;
  let i = 0;
  for (const fact of tree.facts.values()) {
    termsOfFact(fact);
    if (++i % 50 === 0) await pause();
  }
  treeTermCounts(tree);
}

/**
 * Each fact's candidate keywords, without the terms too common in the tree to name anything;
 * worked out per fact when asked (a scoped relabel reads a few hundred of 30,000).
 */
export function factTerms(tree: MemoryTree, from?: MemoryTree): FactTerms {
  const counts = treeTermCounts(tree, from);
  const df = counts.df;
  const limit = tree.facts.size < MIN_FACTS_FOR_MAX_DF ? Infinity : MAX_TREE_DF * tree.facts.size;
  const out = new Map<FactId, string[]>();
  const get = (id: FactId): string[] | undefined => {
    const known = out.get(id);
    if (known) return known;
    const fact = tree.facts.get(id);
    if (!fact) return undefined;
    const terms = termsOfFact(fact).filter((t) => (df.get(t) ?? 0) <= limit);
    out.set(id, terms);
    return terms;
  };
  let words: number | undefined;
  const allWords = () => {
    if (words === undefined) {
      words = 0;
      for (const [term, n] of counts.total) if ((df.get(term) ?? 0) <= limit) words += n;
    }
    return words;
  };
  return { get, total: counts.total, allWords };
}

/** Each fact's candidate keywords (`get`), and their counts over all the tree's facts. */
export interface FactTerms {
  get(id: FactId): readonly string[] | undefined;
  /** How often each term occurs in all the facts. */
  readonly total: ReadonlyMap<string, number>;
  /** How many candidate keywords all the facts hold (`get` of every fact, summed). */
  allWords(): number;
}
