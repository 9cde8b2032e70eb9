import { describe, expect, it } from 'vitest';
import { createRng } from '../engine/rng.ts';
import { LayeredMap } from '../engine/layered-map.ts';
import { asFactId, type Fact, type FactId } from '../engine/types.ts';
import { firstById, firstPageOf } from './first-by-id.ts';

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

describe('the first page of a facts map made from the last one', () => {
  it('is the page of every fact, through additions, changes and deletions on and off the page', () => {
    const rng = createRng(9);
    let facts: ReadonlyMap<string, Fact> = new Map(
      Array.from({ length: 600 }, (_, i) => [`f${1000 + i}`, fact(`f${1000 + i}`)] as const),
    );
    const sorted = () => [...facts.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, 50);
    for (let round = 0; round < 40; round++) {
      const edit = LayeredMap.edit(facts);
      for (let k = 0; k < 3; k++) {
        const r = rng.next();
        const id = `f${Math.floor(1000 + rng.next() * 90)}`; // on the page or just below it
        if (r < 0.8) edit.set(id, { ...fact(id), text: `changed ${round}` });
        else edit.delete(id);
      }
      facts = edit.freeze();
      const page = firstPageOf(facts as ReadonlyMap<FactId, Fact>, 50);
      expect(page).toEqual(sorted());
      // The page came from the facts: the changed one's new text shows.
      for (const f of page) expect(f).toBe(facts.get(f.id));
    }
  });
});
