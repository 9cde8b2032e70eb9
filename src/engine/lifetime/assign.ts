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
import { contentWords, speakerPrefix } from '../facts/sentence-kind.ts';
import type { LlmPort } from '../ports.ts';
import type { EmbeddedFact, Fact, FactId, SupersedeDecider } from '../types.ts';
import { cosine } from '../vector.ts';
import { compareDates, sessionDate } from './calendar.ts';
import { isCorrection } from './change-cues.ts';
import { resolveRelativeDate } from './relative-date.ts';
import { modelSupersedes } from './supersede-llm.ts';
import { readSlots, ruleSupersedes, type SlotReading } from './supersede-rule.ts';
import { mayState } from './slots.ts';

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
  readonly updated: ReadonlyMap<FactId, EmbeddedFact>;
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

export async function assignLifetimes(
  existing: readonly EmbeddedFact[],
  incoming: readonly EmbeddedFact[],
  options: LifetimeOptions = {},
): Promise<LifetimeResult> {
  const facts = new Map<FactId, EmbeddedFact>(existing.map((f) => [f.id, f]));
  const readings = new Map<FactId, SlotReading>();
  const reading = (f: Fact) => {
    let r = readings.get(f.id);
    if (!r) readings.set(f.id, (r = readSlots(f)));
    return r;
  };
  const updated = new Map<FactId, EmbeddedFact>();
  const links: SupersedeLink[] = [];
  const failures: SupersedeFailure[] = [];
  let calls = 0;
  const newIds = new Set(incoming.map((f) => f.id));
  // Session order, stable: the order the user said them in.
  const ordered = incoming
    .map((f) => {
      const validFrom = f.validFrom ?? statedValidFrom(f);
      return validFrom === undefined ? f : { ...f, validFrom };
    })
    .map((f, i) => ({ f, i, at: sessionDate(f.sources[0]?.time) ?? '' }))
    .sort((a, b) => compareDates(a.at, b.at) || a.i - b.i)
    .map(({ f }) => f);

  const set = (fact: EmbeddedFact) => {
    facts.set(fact.id, fact);
    if (!newIds.has(fact.id)) updated.set(fact.id, fact);
  };
  const replace = (oldId: FactId, byId: FactId, how: SupersedeDecider) => {
    let old = facts.get(oldId);
    let by = facts.get(byId);
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

  // Who said each fact, read once: every new fact is compared with the same speaker's facts.
  const speakers = new Map<FactId, string>();
  const speakerOf = (f: Fact) => {
    let speaker = speakers.get(f.id);
    if (speaker === undefined) speakers.set(f.id, (speaker = speakerPrefix(f.text)));
    return speaker;
  };
  const currentOf = (fact: Fact) =>
    [...facts.values()].filter(
      (f) => f.id !== fact.id && f.supersededBy === undefined && speakerOf(f) === speakerOf(fact),
    );

  for (const fact of ordered) {
    options.signal?.throwIfAborted();
    set(fact);
    if (options.llm) {
      const candidates = modelCandidates(fact, currentOf(fact));
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
      const slots = [...next.slots.keys()];
      const rivals = currentOf(fact)
        .filter((f) => slots.some((s) => mayState(s, f.text)))
        .filter((f) => [...reading(f).slots.keys()].some((s) => next.slots.has(s)))
        .map((f) => ({ id: f.id, reading: reading(f) }));
      for (const id of ruleSupersedes(next, rivals)) replace(id, fact.id, 'rule');
    }
  }
  return {
    incoming: incoming.map((f) => facts.get(f.id) ?? f),
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
