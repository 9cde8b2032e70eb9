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
