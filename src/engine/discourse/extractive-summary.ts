/**
 * The no-LLM round summary: an extractive, telegraphic line built from the user's own words.
 * Sentences are ranked by what they carry (numbers ×3, named items ×2, content words ×1; a
 * role-play preamble such as "Assume you are a purchasing agent." scores nothing), and the best
 * ones, kept in their original order, are compressed to their numbers, named items, negations and
 * content words (each once): "Increase the budget to 10,000 yuan, I want a better screen." →
 * "increase budget 10000 yuan better screen." The word budget is a share of the round's content
 * words (a long request keeps more than a short one); a round that only asks questions gets a
 * small part of it (it carries no task state). Numbers and named items are never dropped, even
 * from sentences past the budget.
 */
import { splitSentences } from '../facts/sentences.ts';
import { hasDigit, isContentWord, isNamedItem, stemWord, wordTokens } from './words.ts';

export interface SummaryBudget {
  /** Share of the round's content words the summary keeps (rounded up). */
  readonly share: number;
  /** Share of that budget left to a round that only asks questions (at least one word). */
  readonly questionShare: number;
  /** Bounds on the budget, in words. */
  readonly minWords: number;
  readonly maxWords: number;
}

/** Chosen by cross-validation on the NTM dev file with --llm none (see settings.ts). */
export const DEFAULT_SUMMARY_BUDGET: SummaryBudget = {
  share: 0.8,
  questionShare: 0.4,
  minWords: 3,
  maxWords: 30,
};

/** Sentences that only set up a role-play ("Assume you are ...", "Your role is ..."). */
const ROLE_SETUP =
  /^(?:assume|suppose|imagine|pretend|act as|you are|you're|your role|as an? \w+ (?:agent|assistant))\b/i;

interface Scored {
  readonly index: number;
  readonly question: boolean;
  readonly words: string[];
  readonly score: number;
}

function compress(sentence: string): { words: string[]; score: number } {
  const tokens = wordTokens(sentence);
  const words: string[] = [];
  let score = 0;
  const seen = new Set<string>();
  tokens.forEach((t, i) => {
    if (!isContentWord(t.norm) || seen.has(stemWord(t.norm))) return;
    seen.add(stemWord(t.norm));
    const named = isNamedItem(t.surface, i === 0);
    words.push(named || hasDigit(t.surface) ? t.surface : t.surface.toLowerCase());
    score += hasDigit(t.surface) ? 3 : named ? 2 : 1;
  });
  return { words, score };
}

export function extractiveSummary(
  user: string,
  assistant = '',
  budget: SummaryBudget = DEFAULT_SUMMARY_BUDGET,
): string {
  const scored: Scored[] = splitSentences(user)
    .map((sentence, index) => ({ sentence, index }))
    .filter(({ sentence }) => !(ROLE_SETUP.test(sentence) && !hasDigit(sentence)))
    .map(({ sentence, index }) => ({
      index,
      question: /\?["'”’)]*$/.test(sentence),
      ...compress(sentence),
    }))
    .filter((s) => s.words.length > 0);
  if (scored.length === 0) {
    const fallback = compress(user).words.slice(0, budget.maxWords);
    if (fallback.length > 0) return `${fallback.join(' ')}.`;
    const reply = compress(assistant).words;
    const replyWords = reply.slice(0, wordBudget(reply.length, budget));
    return reply.length > 0 ? `Assistant: ${replyWords.join(' ')}.` : '(no content).';
  }
  let maxWords = wordBudget(
    scored.reduce((n, s) => n + s.words.length, 0),
    budget,
  );
  if (scored.every((s) => s.question)) {
    maxWords = Math.max(1, Math.ceil(maxWords * budget.questionShare));
  }
  // Best sentences first until the budget is spent; numbers and named items always fit.
  const chosen = new Map<number, string[]>();
  let used = 0;
  for (const s of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (used >= maxWords) {
      const essentials = keepEssentials(s.words, 0);
      if (essentials.length > 0) chosen.set(s.index, essentials);
      continue;
    }
    const room = maxWords - used;
    const kept = s.words.length <= room ? s.words : keepEssentials(s.words, room);
    chosen.set(s.index, kept);
    used += kept.length;
  }
  // A word said twice adds nothing: keep its first occurrence only.
  const seen = new Set<string>();
  const parts = [...chosen.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, words]) =>
      words.filter((w) => {
        const key = stemWord(w.toLowerCase());
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    )
    .filter((words) => words.length > 0)
    .map((words) => words.join(' '));
  return `${parts.join('; ')}.`;
}

function wordBudget(contentWords: number, budget: SummaryBudget): number {
  const words = Math.ceil(budget.share * contentWords);
  return Math.max(budget.minWords, Math.min(budget.maxWords, words));
}

/**
 * Words of requests and questions that say what is asked, not what about ("add", "recommend",
 * "difference", "suitable"): when a sentence must be cut, they go before the words that name
 * the task's things.
 */
const GENERIC: ReadonlySet<string> = new Set(
  (
    'add added adding set make create include including includes use using need needs new ' +
    'first requirement requirements recommend recommendation suggest suggestions suggestion ' +
    'difference differences suitable best good better tips advice specific general ' +
    'common important key main way ways better change changed modify adjust ensure provide ' +
    'consider considering plan planning decided decide choose prefer keep'
  ).split(' '),
);

/**
 * The first `room` words, the generic request words left for last, plus any later number or
 * named item (what summaries must keep); in their original order.
 */
function keepEssentials(words: readonly string[], room: number): string[] {
  const order = words
    .map((w, i) => ({ i, generic: GENERIC.has(w.toLowerCase()) }))
    .sort((a, b) => Number(a.generic) - Number(b.generic) || a.i - b.i)
    .slice(0, room)
    .map((x) => x.i);
  const kept = new Set(order);
  return words.filter((w, i) => kept.has(i) || hasDigit(w) || isNamedItem(w, false));
}
