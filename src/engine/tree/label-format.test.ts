import { describe, expect, it } from 'vitest';
import { cutQuote, formatLabel, labelTerms, parseLabel, QUOTE_MAX_CHARS } from './label-format.ts';

describe('keyword labels', () => {
  it('keeps content words in their surface form, lower case, without stop or filler words', () => {
    expect(labelTerms("I really like baking Sourdough loaves; it's 2 kg of flour.")).toEqual([
      'baking',
      'sourdough',
      'loaves',
      'flour',
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
