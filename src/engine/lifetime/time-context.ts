/**
 * Retrieval that knows time, applied to what any retriever found, in the chat, the explorer and
 * `grove eval` alike:
 *
 * 1. Every item gets its dates: a fact its lifetime, a summary or session the date of its
 *    earliest session; a replaced fact is marked as such.
 * 2. A question asking for a fact about the asker ("Where do I live now?", not "What should I
 *    bring?") that names one of their attributes
 *    brings in every fact of theirs stating it, replaced ones included, and the facts its found
 *    facts replaced or were replaced by (the lineage).
 * 3. Those facts go first, in the order the question's time asks for: now → the current fact;
 *    a date → the fact valid then; "before …" → the fact valid just before the event named (or,
 *    naming none, before the current one). The rest keep the retriever's order.
 */
import { contentWords } from '../facts/sentence-kind.ts';
import type { RetrievedItem } from '../retrieval.ts';
import type { Fact, FactId, SessionId } from '../types.ts';
import { compareDates, sessionDate } from './calendar.ts';
import { validFromOf } from './assign.ts';
import { asksAboutMe, questionTime, type QuestionTime } from './question-time.ts';
import { SLOTS, questionSlots, slotMentions } from './slots.ts';
import { speakerOf } from './fact-readings.ts';
import { factsStating } from './slot-index.ts';

export interface TimeContextOptions {
  readonly facts: ReadonlyMap<FactId, Fact>;
  /** Session dates by id (for items that are not single facts). */
  readonly sessionTimes?: ReadonlyMap<SessionId, string | undefined>;
}

/** The asker's facts on the asked attribute put first, at most (the context has a token cap). */
export const MAX_LINEAGE = 6;

/** Facts that replaced another, by facts map. */
const replacers = new WeakMap<ReadonlyMap<FactId, Fact>, ReadonlySet<FactId>>();

function replacersOf(facts: ReadonlyMap<FactId, Fact>): ReadonlySet<FactId> {
  let set = replacers.get(facts);
  if (!set) {
    const out = new Set<FactId>();
    for (const f of facts.values()) if (f.supersededBy !== undefined) out.add(f.supersededBy);
    replacers.set(facts, (set = out));
  }
  return set;
}

/** An item's dates from its fact, or from its sessions. */
export function datedItem(item: RetrievedItem, options: TimeContextOptions): RetrievedItem {
  const only =
    item.factIds?.length === 1 ? options.facts.get(item.factIds[0] as FactId) : undefined;
  if (only) {
    const validFrom = validFromOf(only);
    const replaced = only.supersededBy !== undefined;
    return {
      ...item,
      ...(validFrom === undefined ? {} : { validFrom }),
      ...(only.validTo === undefined ? {} : { validTo: only.validTo }),
      ...(replaced ? { replaced: true } : {}),
      ...(!replaced && replacersOf(options.facts).has(only.id) ? { current: true } : {}),
    };
  }
  const dates = item.sessionIds
    .map((id) => sessionDate(options.sessionTimes?.get(id)))
    .filter((d): d is string => d !== undefined)
    .sort(compareDates);
  return dates[0] === undefined ? item : { ...item, validFrom: dates[0] };
}

const factItem = (fact: Fact, options: TimeContextOptions): RetrievedItem =>
  datedItem(
    {
      id: fact.id,
      text: fact.text,
      sessionIds: [...new Set(fact.sources.map((s) => s.sessionId))],
      factIds: [fact.id],
    },
    options,
  );

/** Words of a "before …" question that say nothing of its event. */
const NOT_EVENT = new Set(
  (
    'before current latest now did was were had have has use used using work working worked live ' +
    'living lived drive driving drove play playing played called name usual usually main go-to ' +
    'company city place thing one kind brand what which who where when'
  ).split(' '),
);

/** Words of the question that name an event rather than the attribute ("the estate", "knee"). */
function eventWords(question: string, slots: readonly string[]): string[] {
  const asks = SLOTS.filter((d) => slots.includes(d.slot)).map((d) => d.ask);
  return contentWords(question).filter(
    (w) => w.length > 2 && !NOT_EVENT.has(w) && !asks.some((re) => re.test(w)),
  );
}

const stem = (w: string) => w.toLowerCase().slice(0, 5);

/**
 * When the event a "before …" question names happened: the earliest of the user's facts that
 * share the most words with the question, or undefined.
 */
function eventTime(
  question: string,
  slots: readonly string[],
  own: readonly Fact[],
): string | undefined {
  const words = new Set(eventWords(question, slots).map(stem));
  if (words.size === 0) return undefined;
  let best: { at: string; overlap: number } | undefined;
  for (const fact of own) {
    const overlap = new Set(
      contentWords(fact.text)
        .map(stem)
        .filter((w) => words.has(w)),
    ).size;
    const at = validFromOf(fact);
    if (overlap === 0 || at === undefined) continue;
    if (
      !best ||
      overlap > best.overlap ||
      (overlap === best.overlap && compareDates(at, best.at) < 0)
    )
      best = { at, overlap };
  }
  return best?.at;
}

function order(
  facts: readonly Fact[],
  time: QuestionTime,
  event: () => string | undefined,
): Fact[] {
  // Each fact's start read once, not once a comparison (an attribute can have thousands).
  const starts = new Map(facts.map((f) => [f, validFromOf(f) ?? '']));
  const from = (f: Fact) => starts.get(f) ?? '';
  const newestFirst = (a: Fact, b: Fact) => compareDates(from(b), from(a));
  const current = facts.filter((f) => f.supersededBy === undefined).sort(newestFirst);
  const replaced = facts.filter((f) => f.supersededBy !== undefined).sort(newestFirst);
  if (time.kind === 'current') return [...current, ...replaced];
  if (time.kind === 'as-of') {
    const holds = (f: Fact) =>
      compareDates(from(f), time.date) <= 0 &&
      (f.validTo === undefined || compareDates(time.date, f.validTo) < 0);
    const then = facts.filter(holds).sort(newestFirst);
    return [...then, ...facts.filter((f) => !holds(f)).sort(newestFirst)];
  }
  // Past: what held just before the event the question names, else before the current fact.
  const before = (at: string) =>
    facts.filter((f) => compareDates(from(f), at) < 0).sort(newestFirst);
  const at = event();
  let first = at === undefined ? [] : before(at);
  if (first.length === 0 && current[0]) first = before(from(current[0]));
  if (first.length === 0) first = replaced;
  return [...first, ...facts.filter((f) => !first.includes(f)).sort(newestFirst)];
}

/**
 * The items with their dates, the asker's facts on the asked attribute first in the order the
 * question's time wants (see the module comment), then the rest in the retriever's order.
 */
export function timeAwareItems(
  question: string,
  items: readonly RetrievedItem[],
  options: TimeContextOptions,
): RetrievedItem[] {
  const dated = items.map((item) => datedItem(item, options));
  if (!asksAboutMe(question)) return dated;
  const slots = questionSlots(question);
  if (slots.length === 0) return dated;
  const ids = new Set<FactId>();
  for (const slot of slots) for (const id of factsStating(options.facts, slot)) ids.add(id);
  if (ids.size === 0) return dated;
  const facts = [...ids]
    .map((id) => options.facts.get(id))
    .filter((f): f is Fact => f !== undefined);
  // Only a "before …" question looks for its event among all of the user's facts.
  const own = () => [...options.facts.values()].filter((f) => speakerOf(f) === '');
  const time = questionTime(question);
  const first = order(facts, time, () => eventTime(question, slots, own()))
    .slice(0, MAX_LINEAGE)
    .map((f) => factItem(f, options));
  const shown = new Set(first.map((i) => i.id));
  const stale = time.kind === 'current' ? staleValues(facts, slots) : [];
  const rest = dated.filter(
    (item) =>
      !shown.has(item.id) &&
      !(item.factIds?.length === 1 && shown.has(item.factIds[0] as string)) &&
      !othersSlot(item.text, slots) &&
      !stale.some((value) => mentions(item.text, value)),
  );
  // "Which city do I live in now?" with a current fact on that attribute: the lineage is the
  // answer, and older memories would only bring values that no longer hold. Memories said after
  // the newest of the lineage (or on its day) stay: they may hold a newer value the words did
  // not name.
  if (
    time.kind === 'current' &&
    ASKS_NOW.test(question) &&
    facts.some((f) => isCurrentOn(f, slots))
  ) {
    const newest =
      first
        .map((i) => i.validFrom ?? '')
        .sort(compareDates)
        .at(-1) ?? '';
    return [...first, ...rest.filter((item) => compareDates(item.validFrom ?? '', newest) >= 0)];
  }
  return [...first, ...rest];
}

/** A question that says it wants the value that holds now. */
const ASKS_NOW =
  /\b(now|these days|at the moment|currently|nowadays|at present|this season|any ?more|still)\b/i;

/** A current fact of the user's on one of these mutable slots. */
const isCurrentOn = (fact: Fact, slots: readonly string[]) =>
  fact.supersededBy === undefined &&
  slotMentions(fact.text).some((m) => !m.other && m.mutable && slots.includes(m.slot));

/** Whether a text states one of the slots for someone else ("my mate Declan moved to Cardiff"). */
function othersSlot(text: string, slots: readonly string[]): boolean {
  return slotMentions(text).some((m) => m.other && slots.includes(m.slot));
}

/** The values of replaced facts on these slots (that no current fact still holds). */
function staleValues(facts: readonly Fact[], slots: readonly string[]): string[] {
  const valuesOf = (f: Fact) =>
    slotMentions(f.text).flatMap((m) => (!m.other && slots.includes(m.slot) ? m.values : []));
  const current = new Set(facts.filter((f) => f.supersededBy === undefined).flatMap(valuesOf));
  return [...new Set(facts.filter((f) => f.supersededBy !== undefined).flatMap(valuesOf))].filter(
    (v) => !current.has(v),
  );
}

const mentions = (text: string, value: string) => text.toLowerCase().includes(value);
