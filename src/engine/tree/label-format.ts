/**
 * A node label written without an LLM: a few keywords and the node's most central fact, quoted
 * and cut to a readable length, e.g. `sourdough · flour · loaves — "I bake sourdough every…"`.
 * The words a label may use, and how a label is written and read back (for the coverage metric).
 */
import { isStopWord, tokenNorm, wordSurfaces, wordTokens } from '../discourse/words.ts';

export interface NodeLabel {
  readonly keywords: readonly string[];
  /** The most central member fact, in full (it is cut when the label is written). */
  readonly quote: string;
}

/**
 * Words that are no stop words but name no topic in a label: counts, times, frequency and
 * common verbs of chat ("two", "weeks", "every", "asking", "make"). Added to the shared stop and
 * filler words (discourse/words.ts), for labels only.
 */
// prettier-ignore
const GENERIC: ReadonlySet<string> = new Set([
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'twenty', 'thirty', 'forty', 'fifty', 'hundred', 'thousand', 'half', 'first',
  'second', 'last', 'next', 'every', 'always', 'never', 'ever', 'already', 'often', 'sometimes',
  'usually', 'around', 'ago', 'since', 'yet', 'another', 'else', 'even', 'back', 'away', 'long',
  'little', 'big', 'new', 'old', 'good', 'great', 'nice', 'best', 'better', 'sure', 'right',
  'yes', 'yeah', 'thanks', 'thank', 'hey', 'wow', 'time', 'times', 'day', 'days', 'week', 'weeks',
  'month', 'months', 'year', 'years', 'today', 'tomorrow', 'yesterday', 'ask', 'asked', 'asking',
  'make', 'makes', 'made', 'making', 'go', 'goes', 'going', 'went', 'gone', 'got', 'getting',
  'say', 'says', 'said', 'see', 'saw', 'seen', 'take', 'took', 'taken', 'come', 'came', 'keep',
  'kept', 'put', 'need', 'needs', 'try', 'tried', 'trying', 'way', 'idea', 'feel', 'feels',
  'felt', 'look', 'looks', 'looking', 'use', 'used', 'using', 'people', 'person', 'everyone',
  'someone', 'stuff', 'kind', 'sort', 'noted', 'fine', 'sounds', 'sound', 'glad', 'love',
  'loved', 'loves', 'enjoy', 'enjoyed', 'fun', 'amazing', 'awesome', 'cool', 'hope', 'guess',
  'definitely', 'totally', 'pretty', 'highly', 'sometime', 'sorry', 'oops', 'bout', 'wait',
  'check', 'itll', 'youll', 'theyll', 'hell', 'shell', 'weve', 'youve', 'theyve', 'wed', 'youd',
  'theyd', 'hes', 'shes', 'theyre', 'were', 'lets', 'aint', 'wasnt', 'arent', 'havent', 'hasnt',
  'wouldnt', 'couldnt', 'shouldnt',
]);

/** A word that names no topic: a count, a time, a frequency, a common verb or cheer of chat. */
export const isGenericWord = (norm: string): boolean => GENERIC.has(norm);

/** The quoted fact is cut at a word boundary past this many characters. */
export const QUOTE_MAX_CHARS = 60;
const KEYWORD_SEPARATOR = ' · ';
const QUOTE_SEPARATOR = ' — ';

/**
 * The words of `text` that can be keywords, lower case, in order: no stop or filler words
 * ("the", "really", "like"), nothing under 3 letters, no bare numbers. No stemming: a keyword
 * keeps the form it has in the facts.
 */
export function labelTerms(text: string): string[] {
  const terms: string[] = [];
  for (const surface of wordSurfaces(text.replace(POSSESSIVE, ''))) {
    if (surface.length < 3) continue; // its norm is no longer
    const norm = tokenNorm(surface);
    if (norm.length >= 3 && LETTER.test(norm) && !isStopWord(norm) && !GENERIC.has(norm)) {
      terms.push(norm);
    }
  }
  return terms;
}

const POSSESSIVE = /['’]s\b/gu;
const LETTER = /\p{L}/u;

/** Every word of `text`, lower case, possessive 's dropped (for "does this fact name the keyword"). */
export function wordsOf(text: string): Set<string> {
  return new Set(wordTokens(text.replace(/['’]s\b/gu, '')).map((t) => t.norm));
}

export function cutQuote(text: string, max = QUOTE_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?—-]+$/u, '')}…`;
}

export function formatLabel(label: NodeLabel): string {
  const quote = `"${cutQuote(label.quote)}"`;
  return label.keywords.length === 0
    ? quote
    : `${label.keywords.join(KEYWORD_SEPARATOR)}${QUOTE_SEPARATOR}${quote}`;
}

const LABEL = /^(?:([^"—]+?) — )?"([^]*)"$/u;

/** A label written by `formatLabel` read back (its quote as cut); undefined for any other text. */
export function parseLabel(text: string): NodeLabel | undefined {
  const match = LABEL.exec(text);
  if (!match) return undefined;
  const keywords = match[1] === undefined ? [] : match[1].split(KEYWORD_SEPARATOR);
  if (keywords.some((k) => k.length === 0 || /\s/.test(k))) return undefined;
  return { keywords, quote: match[2] ?? '' };
}
