import { describe, expect, it } from 'vitest';
import { isStopWord, wordTokens } from '../discourse/words.ts';
import {
  cutQuote,
  formatLabel,
  isGenericWord,
  labelTerms,
  parseLabel,
  QUOTE_MAX_CHARS,
} from './label-format.ts';

describe('keyword labels', () => {
  it('keeps content words in their surface form, lower case, without stop or filler words', () => {
    expect(labelTerms("I really like baking Sourdough loaves; it's 2 kg of flour.")).toEqual([
      'baking',
      'sourdough',
      'loaves',
      'flour',
    ]);
  });

  it("reads a text's word tokens as they are defined, possessives dropped", () => {
    // The definition: every word token's norm of at least three characters with a letter, not a
    // stop, filler or generic word. labelTerms reads the same without the token objects.
    const defined = (text: string) =>
      wordTokens(text.replace(/['’]s\b/gu, ''))
        .map((t) => t.norm)
        .filter((w) => w.length >= 3 && /\p{L}/u.test(w) && !isStopWord(w) && !isGenericWord(w));
    for (const text of [
      "Maya's new e-bike cost 1,250 euros, 15% off at Tom’s shop.",
      "We don't eat at O'Brien's any more; it's 3.5 km away.",
      'Ünïcode cafés in Zürich, naïve résumé-writing, 2nd place, COVID-19 jabs.',
      'a an ox it’s I/O 10k x-ray re-do well-being "quoted" (brackets) ... ——',
      '',
    ]) {
      expect(labelTerms(text)).toEqual(defined(text));
    }
    expect(labelTerms("Maya's new e-bike cost 1,250 euros")).toEqual([
      'maya',
      'e-bike',
      'cost',
      'euros',
    ]);
  });

  it('writes keywords and a cut quote, and reads them back', () => {
    const quote = 'I bake sourdough every weekend and give the loaves to my neighbours on Sunday';
    const text = formatLabel({ keywords: ['sourdough', 'flour', 'loaves'], quote });
    expect(text).toBe(
      'sourdough · flour · loaves — "I bake sourdough every weekend and give the loaves to my…"',
    );
    expect(parseLabel(text)).toEqual({
      keywords: ['sourdough', 'flour', 'loaves'],
      quote: 'I bake sourdough every weekend and give the loaves to my…',
    });
  });

  it('leaves a short quote whole, and a label with no keywords is just the quote', () => {
    expect(cutQuote('Short fact.')).toBe('Short fact.');
    expect(cutQuote('x'.repeat(QUOTE_MAX_CHARS + 5))).toBe(`${'x'.repeat(QUOTE_MAX_CHARS)}…`);
    expect(parseLabel(formatLabel({ keywords: [], quote: 'Hi there.' }))).toEqual({
      keywords: [],
      quote: 'Hi there.',
    });
  });

  it('does not read an ordinary sentence as a label', () => {
    expect(parseLabel('The user bakes sourdough every weekend.')).toBeUndefined();
    expect(parseLabel('Baking — "a summary an LLM wrote with a dash" and more')).toBeUndefined();
    expect(parseLabel('two words — "x"')).toBeUndefined();
  });
});
