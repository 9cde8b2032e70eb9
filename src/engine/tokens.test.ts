import { describe, expect, it } from 'vitest';
import { approximateTokenizer, clipToTokens } from './tokens.ts';

describe('clipToTokens', () => {
  it('keeps a text that fits whole', () => {
    expect(clipToTokens('two words', 3)).toBe('two words');
  });

  it('cuts at a word boundary and marks the cut, within the budget', () => {
    const text = 'sourdough · flour · loaves — "I bake sourdough every Sunday morning"';
    const clipped = clipToTokens(text, 10);
    expect(clipped).toBe('sourdough · flour · loaves…');
    expect(approximateTokenizer.count(clipped)).toBeLessThanOrEqual(10);
  });

  it('gives only the mark when not even the first word fits', () => {
    expect(clipToTokens('extraordinarily long', 2)).toBe('…');
  });
});
