/**
 * Near-duplicate merging (TaciTree step 2): facts whose embeddings have cosine ≥ threshold, and
 * that share at least half their content words, are merged. The earliest fact (earliest session time, then id in natural order) keeps its id, text,
 * category and embedding; the merged fact carries the UNION of every member's sources, so no
 * provenance is lost (the reference code drops one).
 *
 * Deterministic and independent of input order: facts are put in canonical order first; each
 * joins the most similar earlier kept fact (compared with that fact's own embedding, so merges do
 * not chain or drift), or is kept as a new one.
 */
import { bm25Terms } from '../baselines/bm25-terms.ts';
import type { EmbeddedFact, FactId, Provenance, TurnId } from '../types.ts';

export const DEFAULT_DEDUP_THRESHOLD = 0.9;
/**
 * Share of content words two facts must have in common (Jaccard) to be near-duplicates as well.
 * A cosine alone over-merges with a word-averaging embedder (the bundled GloVe one): on LoCoMo
 * dev, 0.9 merged 55 of conv-26's 427 facts across sessions, unrelated chit-chat among them
 * ("Makes me feel like maybe I should do it too!" with four others), and cost the no-LLM walk
 * 2–3 points of recall@5. A paraphrase that says the same thing shares its key words.
 */
export const DEDUP_MIN_WORD_OVERLAP = 0.5;
/** Float32 rounding must not move a pair across the threshold. */
const EPSILON = 1e-6;

export interface FactMerge {
  /** The kept fact. */
  readonly into: FactId;
  /** The fact folded into it. */
  readonly from: FactId;
  readonly similarity: number;
}

export interface DedupResult {
  /** Surviving facts, in canonical order, sources merged. */
  readonly kept: EmbeddedFact[];
  readonly merged: FactMerge[];
}

/** Natural order: "s2/f10" after "s2/f9", "s10" after "s9". */
export function naturalCompare(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x === y) continue;
    const nx = /^\d/.test(x) && /^\d/.test(y) ? Number(x) - Number(y) : 0;
    if (nx !== 0) return nx;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

function earliestTime(fact: EmbeddedFact): string | undefined {
  let best: string | undefined;
  for (const s of fact.sources)
    if (s.time !== undefined && (best === undefined || s.time < best)) best = s.time;
  return best;
}

/** Earliest session time first (facts without a time after timed ones), then natural id order. */
export function compareFactAge(a: EmbeddedFact, b: EmbeddedFact): number {
  const ta = earliestTime(a);
  const tb = earliestTime(b);
  if (ta === undefined || tb === undefined) {
    if (ta !== tb) return ta === undefined ? 1 : -1;
  } else if (ta !== tb) {
    const da = Date.parse(ta);
    const db = Date.parse(tb);
    const byTime = Number.isNaN(da) || Number.isNaN(db) ? (ta < tb ? -1 : 1) : da - db;
    if (byTime !== 0) return byTime;
  }
  return naturalCompare(a.id, b.id);
}

/** Union of sources: one entry per session, turn ids merged in first-seen order. */
export function mergeSources(lists: readonly (readonly Provenance[])[]): Provenance[] {
  const bySession = new Map<
    string,
    { sessionId: Provenance['sessionId']; turnIds: TurnId[]; time?: string }
  >();
  for (const list of lists) {
    for (const source of list) {
      const seen = bySession.get(source.sessionId);
      if (!seen) {
        bySession.set(source.sessionId, {
          sessionId: source.sessionId,
          turnIds: [...source.turnIds],
          ...(source.time === undefined ? {} : { time: source.time }),
        });
        continue;
      }
      for (const id of source.turnIds) if (!seen.turnIds.includes(id)) seen.turnIds.push(id);
      if (seen.time === undefined && source.time !== undefined) seen.time = source.time;
    }
  }
  return [...bySession.values()];
}

function similarity(a: Float32Array, na: number, b: Float32Array, nb: number): number {
  if (na === 0 || nb === 0) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] as number) * (b[i] as number);
  return dot / (na * nb);
}

/** Jaccard overlap of two facts' content words (1 when neither has any). */
export function wordOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

function length(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] as number) * (v[i] as number);
  return Math.sqrt(s);
}

export function dedupeFacts(
  facts: readonly EmbeddedFact[],
  threshold: number = DEFAULT_DEDUP_THRESHOLD,
): DedupResult {
  const ordered = [...facts].sort(compareFactAge);
  const dimension = ordered[0]?.embedding.length;
  const groups: {
    fact: EmbeddedFact;
    norm: number;
    words: Set<string>;
    members: EmbeddedFact[];
  }[] = [];
  const merged: FactMerge[] = [];

  for (const fact of ordered) {
    if (fact.embedding.length !== dimension) {
      throw new Error(
        `Fact ${fact.id} has a ${fact.embedding.length}-dimensional embedding, expected ${dimension}: ` +
          'all facts must be embedded with the same model before de-duplication.',
      );
    }
    const norm = length(fact.embedding);
    const words = new Set(bm25Terms(fact.text));
    let best: (typeof groups)[number] | undefined;
    let bestSim = -Infinity;
    for (const group of groups) {
      const sim = similarity(fact.embedding, norm, group.fact.embedding, group.norm);
      if (
        sim >= threshold - EPSILON &&
        sim > bestSim &&
        wordOverlap(words, group.words) >= DEDUP_MIN_WORD_OVERLAP
      ) {
        best = group;
        bestSim = sim;
      }
    }
    if (best) {
      best.members.push(fact);
      merged.push({ into: best.fact.id, from: fact.id, similarity: bestSim });
    } else {
      groups.push({ fact, norm, words, members: [fact] });
    }
  }

  const kept = groups.map(({ fact, members }) =>
    members.length === 1 ? fact : { ...fact, sources: mergeSources(members.map((m) => m.sources)) },
  );
  return { kept, merged };
}
