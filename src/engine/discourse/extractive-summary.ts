/**
 * The no-LLM round summary: an extractive, telegraphic line built from the user's own words.
 * Sentences are ranked by what they carry (numbers ×3, named items ×2, content words ×1; a
 * role-play preamble such as "Assume you are a purchasing agent." scores nothing), and the best
 * ones, kept in their original order, are compressed to their numbers, named items, negations and
 * content words (each once), up to `maxWords` words: "Increase the budget to 10,000 yuan, I want a better
 * screen." → "increase budget 10000 yuan; better screen." Numbers are never dropped.
 */
import { splitSentences } from '../facts/sentences.ts';
import { hasDigit, isContentWord, isNamedItem, stemWord, wordTokens } from './words.ts';

export const EXTRACTIVE_SUMMARY_WORDS = 9;

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
  maxWords = EXTRACTIVE_SUMMARY_WORDS,
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
    const fallback = compress(user).words.slice(0, maxWords);
    if (fallback.length > 0) return `${fallback.join(' ')}.`;
    const reply = compress(assistant).words.slice(0, maxWords);
    return reply.length > 0 ? `Assistant: ${reply.join(' ')}.` : '(no content).';
  }
  // A round that only asks questions (no request, no statement) carries no task state: half budget.
  if (scored.every((s) => s.question)) maxWords = Math.max(1, Math.ceil(maxWords / 2));
  // Best sentences first until the budget is spent; numbers and named items always fit.
  const chosen = new Map<number, string[]>();
  let used = 0;
  for (const s of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (used >= maxWords) break;
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

/** The first `room` words, plus any later number or named item (what summaries must keep). */
function keepEssentials(words: readonly string[], room: number): string[] {
  return words.filter((w, i) => i < room || hasDigit(w) || isNamedItem(w, false));
}
