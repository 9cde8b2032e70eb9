/**
 * A leaf cluster as the frontier call shows it: its content words, not its sentence. Prefill is
 * most of that call's time on the device, and a summary's or label's stop words, quotes and
 * separators carry nothing a relevance choice needs ("Caroline attended an LGBTQ support group
 * meeting" → "Caroline attended LGBTQ support group meeting"), nor do chat's cheers and counts
 * ("wow", "two weeks", label-format.ts). Words keep their case; each word is said once; the line
 * ends at a whole word within its token budget.
 */
import { isContentWord, wordTokens } from '../discourse/words.ts';
import { isGenericWord } from './label-format.ts';
import { approximateTokenizer } from '../tokens.ts';
import type { Tokenizer } from '../ports.ts';

export function frontierLine(
  text: string,
  budget: number,
  tokenizer: Tokenizer = approximateTokenizer,
): string {
  const seen = new Set<string>();
  let line = '';
  for (const { surface, norm } of wordTokens(text)) {
    if (!isContentWord(norm) || isGenericWord(norm) || seen.has(norm)) continue;
    const next = line === '' ? surface : `${line} ${surface}`;
    if (tokenizer.count(next) > budget) break;
    seen.add(norm);
    line = next;
  }
  return line;
}
