import type { Tokenizer } from './ports.ts';

/**
 * Model-free token estimate (words and punctuation runs, long words split every 4 chars), close
 * to BPE counts for English. Used to report context size when no model tokenizer is loaded.
 */
export const approximateTokenizer: Tokenizer = {
  count(text: string): number {
    let n = 0;
    for (const piece of text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? []) {
      n += Math.max(1, Math.ceil(piece.length / 4));
    }
    return n;
  },
};

/**
 * The text whole when it counts at most `budget` tokens, else its longest run of whole words from
 * the start that fits in `budget - 1`, followed by '…'.
 */
export function clipToTokens(
  text: string,
  budget: number,
  tokenizer: Tokenizer = approximateTokenizer,
): string {
  if (tokenizer.count(text) <= budget) return text;
  const words = text.split(/\s+/).filter((w) => w !== '');
  let kept = '';
  for (const word of words) {
    const next = kept === '' ? word : `${kept} ${word}`;
    if (tokenizer.count(next) > budget - 1) break;
    kept = next;
  }
  return `${kept}…`;
}
