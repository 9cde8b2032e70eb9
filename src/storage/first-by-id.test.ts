import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng.ts';
import { asFactId, type Fact } from '../engine/types.ts';
import { firstById } from './first-by-id.ts';

const fact = (id: string): Fact => ({ id: asFactId(id), text: id, category: 'other', sources: [] });

describe('the first facts in id order', () => {
  it('are those of a full sort, for any order of the input and any limit', () => {
    const rng = createRng(5);
    const facts = Array.from({ length: 500 }, (_, i) =>
      fact(`s${Math.floor(rng.next() * 90)}/f${i}`),
    );
    const sorted = [...facts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const limit of [1, 7, 200, 499, 500, 800]) {
      expect(firstById(facts, limit)).toEqual(sorted.slice(0, limit));
      expect(firstById([...facts].reverse(), limit)).toEqual(sorted.slice(0, limit));
    }
    expect(firstById(facts)).toEqual(sorted);
    expect(firstById([], 3)).toEqual([]);
  });
});
