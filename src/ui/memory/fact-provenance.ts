/**
 * Where a fact came from, in words a person can use: the conversation's title (its first
 * message) and the day, "from ‘Hi, I'm Sam…’, 27 Nov", instead of session ids; and the fact's
 * category only where it tells the user something.
 */
import type { FactCategory } from '../../engine/types.ts';
import type { SourceView } from '../../storage/memory-store.ts';

export interface ProvenanceEntry {
  /** The conversation's title or, without one, the first thing the user said; shortened. */
  readonly quote: string | null;
  /** The whole title or message, for a tooltip. */
  readonly full: string | null;
  /** "27 Nov", "27 Nov 2024"; null when the session's time is unknown. */
  readonly date: string | null;
  /** The conversation to open, when it is still in the history. */
  readonly conversationId: string | null;
  /** The conversation was deleted from the history (what was remembered stays). */
  readonly deleted: boolean;
}

const QUOTE_CHARS = 24;

/** The start of `text`, cut at a word boundary with an ellipsis when longer than `max`. */
export function shortQuote(text: string, max = QUOTE_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const head = space >= max / 2 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,.;:!?—-]+$/u, '')}…`;
}

/** "27 Nov" this year, "27 Nov 2024" before (the locale's order and month names). */
export function provenanceDate(iso: string | null, now: number, locale?: string): string | null {
  if (iso === null) return null;
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  return when.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(when.getFullYear() === new Date(now).getFullYear() ? {} : { year: 'numeric' }),
  });
}

/**
 * One entry per conversation the fact came from (a fact merged from two sessions of the same
 * conversation names it once, at its earliest date), in the order of the sources.
 */
export function provenanceEntries(
  sources: readonly SourceView[],
  titles: ReadonlyMap<string, string>,
  now: number,
  locale?: string,
): ProvenanceEntry[] {
  const earliest = new Map<string, SourceView>();
  for (const source of sources) {
    const key = source.conversationId ?? `session:${source.sessionId}`;
    const kept = earliest.get(key);
    if (!kept || timeOf(source) < timeOf(kept)) earliest.set(key, source);
  }
  return [...earliest.values()].map((source) => {
    const title = source.conversationId === null ? undefined : titles.get(source.conversationId);
    const said = source.turns.find((t) => t.speaker === 'user')?.text ?? source.turns[0]?.text;
    const full = title ?? said ?? null;
    return {
      quote: full === null ? null : shortQuote(full),
      full,
      date: provenanceDate(source.time, now, locale),
      conversationId: title === undefined ? null : source.conversationId,
      deleted: source.conversationId !== null && title === undefined,
    };
  });
}

/** A source's time for ordering; unknown times sort last. */
function timeOf(source: SourceView): number {
  const t = source.time === null ? NaN : Date.parse(source.time);
  return Number.isNaN(t) ? Infinity : t;
}

/**
 * The categories that tell a user something: a preference (what they like), a plan (something
 * ahead, that may pass). "Event", "circumstance" and "other" are the extractor's filing, and a
 * small model files them loosely ("has a dog" as an event): shown, they would mislead.
 */
const CATEGORY_WORDS: Partial<Record<FactCategory, string>> = {
  preference: 'Preference',
  plan: 'Plan',
};

export function categoryWord(category: FactCategory): string | null {
  return CATEGORY_WORDS[category] ?? null;
}
