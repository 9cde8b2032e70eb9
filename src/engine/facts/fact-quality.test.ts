import { describe, expect, it } from 'vitest';
import { asFactId } from '../types.ts';
import { factQuality } from './fact-quality.ts';

const fact = (text: string) => ({
  id: asFactId(text),
  text,
  category: 'other' as const,
  sources: [],
});

describe('factQuality', () => {
  it('counts questions and fragments of fewer than three content words', () => {
    const quality = factQuality([
      fact('Ana: I bake sourdough every weekend.'),
      fact('Ana: Want to see a pic?'),
      fact('Ana: That plate is awesome!'),
      fact('Ana: I adopted a puppy called Miso.'),
    ]);
    expect(quality).toEqual({ facts: 4, questions: 1, fragments: 1, share: 0.5 });
    expect(factQuality([]).share).toBe(0);
  });
});
