/**
 * Gives new facts their lifetime and lets them replace the older facts they update: the one
 * ingestion step the app, the CLI and every eval run (engine/pipeline.ts).
 *
 * Each new fact gets `validFrom` (the date its words give, else its session's date). Then, in
 * the order the facts became true, each new fact is compared with the same person's current
 * facts: without a model by the slot rule (supersede-rule.ts), with one by one structured call
 * over the nearest candidates (supersede-llm.ts). A failed call replaces nothing and is
 * reported. Which fact wins is decided here, by time: the newer valid time replaces the older;
 * a correction replaces the wrong value from the same time on. Nothing is deleted.
 */
import { contentWords } from '../facts/sentence-kind.ts';
import type { LlmPort } from '../ports.ts';
import type { EmbeddedFact, Fact, FactId, SupersedeDecider, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { compareDates, sessionDate } from './calendar.ts';
import { mayStateAny, speakerOf } from './fact-readings.ts';
import { factsMayStating } from './statable-pool.ts';
import { isCorrection } from './change-cues.ts';
import { resolveRelativeDate } from './relative-date.ts';
import { modelSupersedes } from './supersede-llm.ts';
import { readSlots, ruleSupersedes, type SlotReading } from './supersede-rule.ts';

export interface SupersedeLink {
  readonly old: FactId;
  readonly by: FactId;
  readonly how: SupersedeDecider;
  readonly correction: boolean;
}

export interface SupersedeFailure {
  readonly factId: FactId;
  readonly error: string;
}

export interface LifetimeReport {
  readonly links: readonly SupersedeLink[];
  /** Model calls that failed or could not be read: those facts replaced nothing. */
  readonly failures: readonly SupersedeFailure[];
  /** Model calls made. */
  readonly calls: number;
}

export interface LifetimeOptions {
  /** With a model, its supersede call decides; without one, the slot rule. */
  readonly llm?: LlmPort;
  readonly signal?: AbortSignal;
}

export interface LifetimeResult {
  /** The new facts, with their lifetimes. */
  readonly incoming: readonly EmbeddedFact[];
  /** Older facts that changed (now replaced), by id. */
  readonly updated: ReadonlyMap<FactId, Fact>;
  readonly report: LifetimeReport;
}

/** Candidates the model sees, at most: the nearest by meaning and by words together. */
export const MODEL_CANDIDATES = 5;
const MIN_CANDIDATE_COSINE = 0.5;
/** Content words a candidate must share with the new fact to be offered by words. */
const MIN_SHARED_WORDS = 2;

/** When a fact began to hold: its own `validFrom`, else its earliest session's date. */
export function validFromOf(fact: {
  readonly validFrom?: string | undefined;
  readonly sources: readonly { readonly time?: string | undefined }[];
}): string | undefined {
  if (fact.validFrom !== undefined) return fact.validFrom;
  const dates = fact.sources
    .map((s) => sessionDate(s.time))
    .filter((d): d is string => d !== undefined)
    .sort(compareDates);
  return dates[0];
}

/** A new fact's `validFrom`: the date its words give, resolved against its session's date. */
export function statedValidFrom(fact: Fact): string | undefined {
  const time = fact.sources[0]?.time;
  return resolveRelativeDate(fact.text, time)?.date ?? sessionDate(time);
}

const byValidity = (a: EmbeddedFact, b: EmbeddedFact) => {
  const da = validFromOf(a) ?? '';
  const db = validFromOf(b) ?? '';
  return compareDates(da, db);
};

/**
 * The facts already remembered, as the tree holds them (no copy): their embeddings are read only
 * for the model's candidates.
 */
export interface RememberedFacts {
  readonly facts: ReadonlyMap<FactId, Fact>;
  embeddingOf(fact: Fact): Vector;
}

/** Remembered facts from a list of embedded ones (a fresh build has none). */
export function rememberedFactsOf(list: readonly EmbeddedFact[]): RememberedFacts {
  const facts = new Map(list.map((f) => [f.id, f]));
  return {
    facts,
    embeddingOf: (fact) => {
      const embedded = facts.get(fact.id);
      if (!embedded) throw new Error(`Fact ${fact.id} is not among the remembered facts`);
      return embedded.embedding;
    },
  };
}

export async function assignLifetimes(
  existing: RememberedFacts,
  incoming: readonly EmbeddedFact[],
  options: LifetimeOptions = {},
): Promise<LifetimeResult> {
  const base = existing.facts;
  const newIds = new Set(incoming.map((f) => f.id));
  /** The new facts, as they stand now (and then with their lifetimes). */
  const fresh = new Map<FactId, Fact>();
  /** Older facts that changed. */
  const updated = new Map<FactId, Fact>();
  const get = (id: FactId) => fresh.get(id) ?? updated.get(id) ?? base.get(id);
  const readings = new Map<FactId, SlotReading>();
  const reading = (f: Fact) => {
    let r = readings.get(f.id);
    if (!r) readings.set(f.id, (r = readSlots(f)));
    return r;
  };
  const links: SupersedeLink[] = [];
  const failures: SupersedeFailure[] = [];
  let calls = 0;
  // Session order, stable: the order the user said them in.
  const ordered = incoming
    .map((f) => {
      const validFrom = f.validFrom ?? statedValidFrom(f);
      return validFrom === undefined ? f : { ...f, validFrom };
    })
    .map((f, i) => ({ f, i, at: sessionDate(f.sources[0]?.time) ?? '' }))
    .sort((a, b) => compareDates(a.at, b.at) || a.i - b.i)
    .map(({ f }) => f);

  const set = (fact: Fact) => {
    if (newIds.has(fact.id)) fresh.set(fact.id, fact);
    else updated.set(fact.id, fact);
  };
  const replace = (oldId: FactId, byId: FactId, how: SupersedeDecider) => {
    let old = get(oldId);
    let by = get(byId);
    if (!old || !by || old.supersededBy !== undefined || oldId === byId) return;
    const correction = isCorrection(by.text);
    const oldFrom = validFromOf(old);
    let byFrom = validFromOf(by);
    if (correction && oldFrom !== undefined) {
      by = { ...by, validFrom: oldFrom };
      byFrom = oldFrom;
    } else if (oldFrom !== undefined && byFrom !== undefined && compareDates(byFrom, oldFrom) < 0) {
      // The "new" fact tells of an earlier time: the one that holds later replaces it.
      if (by.supersededBy !== undefined) return;
      [old, by] = [by, old];
      byFrom = oldFrom;
    }
    set(by);
    set({
      ...old,
      ...(byFrom === undefined ? {} : { validTo: byFrom }),
      supersededBy: by.id,
      supersededHow: how,
    });
    links.push({ old: old.id, by: by.id, how, correction });
  };

  // The remembered facts a new fact may be compared with, found in one pass: without a model,
  // those whose words may state a slot the new facts state (a few hundred of 30,000).
  const askedSlots = new Set<string>();
  if (!options.llm)
    for (const f of ordered) for (const slot of reading(f).slots.keys()) askedSlots.add(slot);
  const pool: readonly Fact[] = options.llm
    ? [...base.values()]
    : askedSlots.size > 0
      ? factsMayStating(base, askedSlots)
      : [];
  /** The same speaker's current facts among `pool`, and the new ones, that `keep` accepts. */
  const currentOf = (fact: Fact, keep: (f: Fact) => boolean = () => true) => {
    const speaker = speakerOf(fact);
    const out: Fact[] = [];
    const consider = (f: Fact) => {
      if (f.id !== fact.id && f.supersededBy === undefined && speakerOf(f) === speaker && keep(f))
        out.push(f);
    };
    for (const f of pool) consider(get(f.id) ?? f);
    for (const f of fresh.values()) if (!base.has(f.id)) consider(f);
    return out;
  };
  const embedded = (f: Fact): EmbeddedFact =>
    'embedding' in f ? (f as EmbeddedFact) : { ...f, embedding: existing.embeddingOf(f) };

  for (const fact of ordered) {
    options.signal?.throwIfAborted();
    set(fact);
    if (options.llm) {
      const candidates = modelCandidates(fact, currentOf(fact).map(embedded));
      if (candidates.length === 0) continue;
      calls++;
      const dated = (f: Fact) => ({ fact: f, since: validFromOf(f) });
      const call = await modelSupersedes(
        options.llm,
        dated(fact),
        candidates.map(dated),
        options.signal,
      );
      if (!call.ok) {
        failures.push({ factId: fact.id, error: call.error });
        continue;
      }
      for (const id of call.replaces) replace(id, fact.id, 'model');
    } else {
      const next = reading(fact);
      if (next.slots.size === 0) continue;
      const rivals = currentOf(fact, (f) => mayStateAny(f, next.slots.keys()))
        .filter((f) => [...reading(f).slots.keys()].some((s) => next.slots.has(s)))
        .map((f) => ({ id: f.id, reading: reading(f) }));
      for (const id of ruleSupersedes(next, rivals)) replace(id, fact.id, 'rule');
    }
  }
  return {
    incoming: incoming.map((f) => ({ ...f, ...fresh.get(f.id) })),
    updated,
    report: { links, failures, calls },
  };
}

/** The same person's current facts nearest by meaning and by shared words, best first. */
function modelCandidates(fact: EmbeddedFact, current: readonly EmbeddedFact[]): EmbeddedFact[] {
  const words = new Set(contentWords(fact.text));
  const scored = current.map((f) => ({
    f,
    cos: cosine(fact.embedding, f.embedding),
    shared: contentWords(f.text).filter((w) => words.has(w)).length,
  }));
  const half = Math.ceil(MODEL_CANDIDATES / 2);
  const byMeaning = scored
    .filter((s) => s.cos >= MIN_CANDIDATE_COSINE)
    .sort((a, b) => b.cos - a.cos)
    .slice(0, half);
  const byWords = scored
    .filter((s) => s.shared >= MIN_SHARED_WORDS)
    .sort((a, b) => b.shared - a.shared || b.cos - a.cos)
    .slice(0, MODEL_CANDIDATES);
  const out = new Map<FactId, EmbeddedFact>();
  for (const s of [...byMeaning, ...byWords]) {
    if (out.size >= MODEL_CANDIDATES) break;
    out.set(s.f.id, s.f);
  }
  return [...out.values()].sort(byValidity);
}
