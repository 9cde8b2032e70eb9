import { describe, expect, it } from 'vitest';
import { visibleFacts } from './visible-facts.ts';

const facts = Array.from({ length: 10 }, (_, i) => ({ id: `f${i}` }));

describe('the inspector list at scale', () => {
  it('shows every fact of a small profile, the same array', () => {
    expect(visibleFacts(facts, null, 10)).toBe(facts);
  });

  it('shows the first facts of a large one', () => {
    expect(visibleFacts(facts, null, 3).map((f) => f.id)).toEqual(['f0', 'f1', 'f2']);
    expect(visibleFacts(facts, 'f1', 3).map((f) => f.id)).toEqual(['f0', 'f1', 'f2']);
  });

  it('adds the fact linked with the tree wherever it is', () => {
    expect(visibleFacts(facts, 'f8', 3).map((f) => f.id)).toEqual(['f0', 'f1', 'f2', 'f8']);
    expect(visibleFacts(facts, 'missing', 3)).toHaveLength(3);
  });

  it('adds the linked fact read on its own when the store does not hold it', () => {
    const far = { id: 'f30000' };
    expect(visibleFacts(facts, 'f30000', 3, far).map((f) => f.id)).toEqual([
      'f0',
      'f1',
      'f2',
      'f30000',
    ]);
    expect(visibleFacts(facts, 'f30000', 10, far).map((f) => f.id)).toHaveLength(11);
    // A fact read for an earlier link is not shown for another.
    expect(visibleFacts(facts, 'f9', 3, far).map((f) => f.id)).toEqual(['f0', 'f1', 'f2', 'f9']);
    expect(visibleFacts(facts, null, 10, far)).toBe(facts);
  });
});
