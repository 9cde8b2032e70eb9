import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseText, wordTokens } from './words.ts';

const EDGE_CASES = [
  "I don’t know, it's 1,000 km from Rock'n'Roll Street",
  'A 5 GB plan, 12 MP camera, USB-C and 50% off, C++ and `quoted` words',
  'Éclair and ÜBER-cool 3.5mm jacks, O’Brien’s café, 24/7 help',
];

describe('word tokens', () => {
  it('normalise each token as normaliseText does, apostrophes dropped', () => {
    // The built-in example's every sentence, and the edge cases the regular expressions name.
    const example = readFileSync('public/examples/grove-implexconv-example.json', 'utf8');
    const texts = [...EDGE_CASES, ...(example.match(/"[^"\\]{20,}"/g) ?? [])];
    expect(texts.length).toBeGreaterThan(30);
    let tokens = 0;
    for (const text of texts) {
      for (const token of wordTokens(text)) {
        expect(token.norm).toBe(normaliseText(token.surface).replace(/'/g, ''));
        tokens++;
      }
    }
    expect(tokens).toBeGreaterThan(400);
  });

  it('keep inner marks and join thousands', () => {
    expect(wordTokens('O’Brien’s USB-C costs 1,000 (50%)').map((t) => t.norm)).toEqual([
      'obriens',
      'usb-c',
      'costs',
      '1000',
      '50%',
    ]);
  });
});
