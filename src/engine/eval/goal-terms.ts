/**
 * NTM's checkpoint questions list numbered atomic goals: "Does the recommendation include
 * (1)a laptop with a budget of 9000 yuan, (2)16GB RAM, ...?". `parseGoals` splits them (numbered
 * markers "(1)", "1)" or "1."; without markers, the list after a colon or "include" split on
 * commas and "and"); `goalKeyTerms` picks each goal's key terms (numbers, named items, content
 * words, stemmed); `goalCovered` says whether a context holds them: every number and named item,
 * and at least half of the other content words (rounded up). This is the no-LLM proxy for the
 * paper's checkpoint judgement: could a model that sees this context satisfy the goal at all?
 */
import {
  hasDigit,
  isContentWord,
  isNamedItem,
  normaliseText,
  stemSet,
  stemWord,
  wordTokens,
} from '../discourse/words.ts';

/** Words of the question frame, not of any goal ("Does the final code include ..."). */
const FRAME_WORDS: ReadonlySet<string> = new Set(
  (
    'include includes included contain contains containing following point points goal goals ' +
    'final user successfully recommendation recommend response answer exactly now whether ' +
    'ensure ensured correctly correct'
  ).split(' '),
);

export function parseGoals(checkpoint: string): string[] {
  const text = checkpoint.replace(/\s+/g, ' ').trim();
  const markers = [...text.matchAll(/\(\s*(\d{1,2})\s*\)|(?:^|[\s,;:])(\d{1,2})[.)](?=\s*\D)/g)];
  const numbered = markers.filter((m, i) => Number(m[1] ?? m[2]) === i + 1);
  if (numbered.length >= 2 || (numbered.length === 1 && markers.length === 1)) {
    return numbered
      .map((m, i) => {
        const start = (m.index ?? 0) + m[0].length;
        const end = numbered[i + 1]?.index ?? text.length;
        return cleanGoal(text.slice(start, end));
      })
      .filter((g) => g !== '');
  }
  const afterColon = /:\s*(.+)$/.exec(text)?.[1];
  const afterInclude = /\b(?:include|includes|contain|contains)\b\s*(.+)$/i.exec(text)?.[1];
  const list = afterColon ?? afterInclude ?? text;
  return list
    .split(/,\s*(?:and\s+)?|\s+and\s+/)
    .map(cleanGoal)
    .filter((g) => g !== '');
}

function cleanGoal(goal: string): string {
  return goal
    .replace(/^[\s,;:'"‘’“”]+|[\s,;:.?!'"‘’“”]+$/g, '')
    .replace(/[\s,;]+(?:and|or)$/i, '')
    .trim();
}

export interface GoalTerms {
  readonly goal: string;
  /** Numbers as normalised tokens ("9000", "16gb", "1080p"). */
  readonly numbers: readonly string[];
  /** Named items, stemmed lower case ("hdmi", "usb-a"). */
  readonly named: readonly string[];
  /** Other content words, stemmed. */
  readonly words: readonly string[];
}

export function goalKeyTerms(goal: string): GoalTerms {
  const numbers = new Set<string>();
  const named = new Set<string>();
  const words = new Set<string>();
  wordTokens(goal).forEach((t, i) => {
    if (!isContentWord(t.norm) || FRAME_WORDS.has(t.norm)) return;
    if (hasDigit(t.norm)) {
      // "18-month" → number "18" and word "month"; "7l/100km" → "7l", "100km".
      for (const part of t.norm.split(/[-/]/)) {
        if (hasDigit(part)) numbers.add(part);
        else if (isContentWord(part)) words.add(stemWord(part));
      }
    } else if (isNamedItem(t.surface, i === 0)) named.add(stemWord(t.norm));
    else words.add(stemWord(t.norm));
  });
  for (const n of named) words.delete(n);
  return { goal, numbers: [...numbers], named: [...named], words: [...words] };
}

/** The presence index of a context: its stems plus its normalised text (for numbers). */
export interface ContextIndex {
  readonly stems: ReadonlySet<string>;
  readonly text: string;
}

export function indexContext(text: string): ContextIndex {
  return { stems: stemSet(text), text: normaliseText(text) };
}

function numberPresent(number: string, index: ContextIndex): boolean {
  if (index.stems.has(number)) return true;
  const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?![\\p{N}])`, 'u').test(index.text);
}

/** A stem, or a compound in any spelling: "usb-a" matches "USB-A", "usba" or "USB A". */
function termPresent(term: string, index: ContextIndex): boolean {
  if (index.stems.has(term) || index.stems.has(term.replace(/[-/.]/g, ''))) return true;
  const parts = term.split(/[-/.]/).filter((p) => p !== '');
  return parts.length > 1 && parts.every((p) => index.stems.has(stemWord(p)));
}

export function goalCovered(terms: GoalTerms, index: ContextIndex): boolean {
  if (!terms.numbers.every((n) => numberPresent(n, index))) return false;
  if (!terms.named.every((n) => termPresent(n, index))) return false;
  const found = terms.words.filter((w) => termPresent(w, index)).length;
  return found >= Math.ceil(terms.words.length / 2);
}

/** Covered goals out of all goals of a checkpoint, for one context text. */
export function goalCoverage(
  goals: readonly GoalTerms[],
  context: string,
): { covered: number; total: number; missed: string[] } {
  const index = indexContext(context);
  const missed = goals.filter((g) => !goalCovered(g, index)).map((g) => g.goal);
  return { covered: goals.length - missed.length, total: goals.length, missed };
}
