import { describe, expect, it } from 'vitest';
import { approximateTokenizer } from '../tokens.ts';
import { frontierLine } from './frontier-line.ts';

describe('frontierLine', () => {
  it('keeps a summary’s content words in order, with their case, each once', () => {
    expect(
      frontierLine('Caroline attended an LGBTQ support group and the group felt like home.', 20),
    ).toBe('Caroline attended LGBTQ support group home');
  });

  it('drops a label’s separators, quotes and chat cheers, keeps numbers and names', () => {
    expect(frontierLine('pottery · kiln · Lisbon — "Wow, I fired 2 bowls in the kiln…"', 20)).toBe(
      'pottery kiln Lisbon fired 2 bowls',
    );
  });

  it('ends at a whole word within its token budget', () => {
    const text =
      'Melanie painted a sunrise over the lake with her kids during the summer camping trip';
    for (const budget of [3, 5, 8]) {
      const line = frontierLine(text, budget);
      expect(approximateTokenizer.count(line)).toBeLessThanOrEqual(budget);
      expect(text).toContain(line.split(' ')[0]!);
      expect(frontierLine(text, budget + 4).startsWith(line)).toBe(true);
    }
    expect(frontierLine(text, 11)).toBe('Melanie painted sunrise lake kids summer');
  });
});
