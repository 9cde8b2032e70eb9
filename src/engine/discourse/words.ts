/**
 * Word-level helpers shared by the extractive round summary and the NTM key-term check:
 * normalised tokens (numbers without thousands separators, a number and its unit joined:
 * "10,000" → "10000", "16 GB" → "16gb"), a light suffix stemmer, and what counts as a number,
 * a named item or a content word. Deterministic and language-model free.
 */
import { ENGLISH_STOP_WORDS } from '../baselines/bm25-terms.ts';

/** Words that carry no request content in chat ("please help me", "I want", "okay"). */
const FILLER: ReadonlySet<string> = new Set(
  (
    'please help want wants would like could can let lets know think okay ok actually really ' +
    'also just still tell give get us im ive id ill youre dont doesnt didnt isnt cant wont ' +
    'may might must shall one thing things something anything bit lot lots much many well ' +
    'maybe perhaps whats hows thats theres heres mind speaking anyway instead though'
  ).split(' '),
);

/** Negations and cancellations: they invert a request, so summaries must keep them. */
export const NEGATIONS: ReadonlySet<string> = new Set(
  'no not dont doesnt didnt without never cancel remove none neither nor'.split(' '),
);

/** Text normalised for matching: lower case, "10,000" → "10000", "16 GB" → "16gb". */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d)\s+(gb|tb|mb|kb|hz|ghz|mhz|mah|w|kw|kwh|mm|cm|km|kg|ml|px|k|p|fps)\b/g, '$1$2');
}

export interface WordToken {
  /** As written (case kept), for summaries. */
  readonly surface: string;
  /** Normalised lower case, apostrophes removed ("don't" → "dont"). */
  readonly norm: string;
}

const WORD = /[\p{L}\p{N}]+(?:[-.'’/][\p{L}\p{N}]+)*[%+]?/gu;
const THOUSANDS_COMMA = /(\d),(?=\d{3}\b)/g;

/**
 * Each word token's surface (letters, digits, inner `-`, `.`, `'`, `%`, `+`), in order: what
 * `wordTokens` reads, without a match object and a token object per word (the label keywords of a
 * heavy user's 30,000 facts are read in half the time).
 */
export function wordSurfaces(text: string): string[] {
  return text.replace(THOUSANDS_COMMA, '$1').match(WORD) ?? [];
}

/** Word tokens (letters, digits, inner `-`, `.`, `'`, `%`, `+`), with their normalised form. */
export function wordTokens(text: string): WordToken[] {
  return wordSurfaces(text).map((surface) => ({ surface, norm: tokenNorm(surface) }));
}

/**
 * `normaliseText(surface)` without apostrophes, for a word token: a token holds no comma, no
 * space and no backtick, so of normaliseText only the lower case and the apostrophes apply
 * (a heavy user's 300,000 tokens are not put through its five regular expressions each).
 */
export function tokenNorm(surface: string): string {
  const lower = surface.toLowerCase();
  return lower.includes("'") || lower.includes('’') ? lower.replace(/['’]/g, '') : lower;
}

export const hasDigit = (word: string): boolean => /\p{N}/u.test(word);

/**
 * A named item: written with a capital inside or after the first letter ("iPhone", "HDMI",
 * "MacBook", "USB-A"), or capitalised when not opening its sentence ("Java", "Beijing").
 */
export function isNamedItem(surface: string, opensSentence: boolean): boolean {
  if (/^\p{Ll}+\p{Lu}/u.test(surface) || /\p{L}\p{Lu}/u.test(surface)) return true;
  if (/^[\p{Lu}][\p{L}-]*$/u.test(surface) && surface.length > 1) {
    return !opensSentence && surface !== 'I';
  }
  return false;
}

export function isStopWord(norm: string): boolean {
  return ENGLISH_STOP_WORDS.has(norm) || FILLER.has(norm);
}

/** A word worth keeping: a number, a negation, or a content word (not a stop or filler word). */
export function isContentWord(norm: string): boolean {
  if (hasDigit(norm) || NEGATIONS.has(norm)) return true;
  return norm.length > 1 && !isStopWord(norm);
}

const VOWEL = /[aeiouy]/;

/** A light suffix stemmer (plurals, -ing, -ed, -ly, final -e): "ports" and "port" meet. */
export function stemWord(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:sses|ches|shes|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** The stems of every word of `text` (all words, stop words included), for presence checks. */
export function stemSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of wordTokens(text)) {
    out.add(stemWord(t.norm));
    // "USB-A" also matches "usb a"; "wi-fi" matches "wifi".
    if (/[-/.]/.test(t.norm)) {
      out.add(t.norm.replace(/[-/.]/g, ''));
      for (const part of t.norm.split(/[-/.]/)) if (part) out.add(stemWord(part));
    }
  }
  return out;
}
