import { describe, expect, it } from 'vitest';
import { LayeredMap } from './layered-map.ts';
import { createRng } from './rng.ts';

const entriesOf = <K, V>(m: ReadonlyMap<K, V>) => [...m.entries()];

/** Random sets and deletes on a LayeredMap and on a Map beside it, checked after each. */
function randomEdits(
  seed: number,
  layered: LayeredMap<string, number>,
  reference: Map<string, number>,
  steps: number,
): void {
  const rng = createRng(seed);
  for (let step = 0; step < steps; step++) {
    const key = `k${Math.floor(rng.next() * 60)}`;
    const r = rng.next();
    if (r < 0.45) {
      layered.set(key, step);
      reference.set(key, step);
    } else if (r < 0.75) {
      expect(layered.delete(key)).toBe(reference.delete(key));
    } else {
      expect(layered.get(key)).toBe(reference.get(key));
      expect(layered.has(key)).toBe(reference.has(key));
    }
    expect(layered.size).toBe(reference.size);
  }
}

describe('LayeredMap', () => {
  it('reads and iterates as a Map given the same sets and deletes, through copies of copies', () => {
    const base = new Map(Array.from({ length: 40 }, (_, i) => [`k${i}`, -i] as [string, number]));
    let current: ReadonlyMap<string, number> = base;
    let reference = new Map(base);
    for (let round = 0; round < 30; round++) {
      const layered = LayeredMap.edit(current);
      const expected = new Map(reference);
      randomEdits(round, layered, expected, 25);
      expect(entriesOf(layered)).toEqual(entriesOf(expected));
      expect([...layered.keys()]).toEqual([...expected.keys()]);
      expect([...layered.values()]).toEqual([...expected.values()]);
      const seen: [string, number][] = [];
      layered.forEach((value, key) => seen.push([key, value]));
      expect(seen).toEqual(entriesOf(expected));
      // The map it was copied from is untouched.
      expect(entriesOf(current)).toEqual(entriesOf(reference));
      current = layered.freeze();
      reference = expected;
      expect(entriesOf(current)).toEqual(entriesOf(reference));
    }
  });

  it('puts a key deleted and set again last, and keeps a replaced value in its place', () => {
    const layered = LayeredMap.edit(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]),
    );
    layered.set('b', 20).delete('a');
    layered.set('a', 10);
    expect(entriesOf(layered)).toEqual([
      ['b', 20],
      ['c', 3],
      ['a', 10],
    ]);
    const again = LayeredMap.edit(layered.freeze());
    again.delete('a');
    expect(entriesOf(again)).toEqual([
      ['b', 20],
      ['c', 3],
    ]);
    expect(again.has('a')).toBe(false);
    expect(again.get('a')).toBeUndefined();
  });

  it('keeps undefined as a value', () => {
    const layered = LayeredMap.edit(new Map<string, number | undefined>([['a', 1]]));
    layered.set('a', undefined).set('z', undefined);
    expect(layered.has('a')).toBe(true);
    expect(layered.get('a')).toBeUndefined();
    expect(entriesOf(layered)).toEqual([
      ['a', undefined],
      ['z', undefined],
    ]);
  });

  it('costs only its changes: a copy stays layered over the same base until the changes outgrow it', () => {
    const base = new Map(Array.from({ length: 1000 }, (_, i) => [i, i] as [number, number]));
    let current: ReadonlyMap<number, number> = base;
    for (let round = 0; round < 5; round++) {
      const layered = LayeredMap.edit(current);
      for (let i = 0; i < 10; i++) layered.set(2000 + round * 10 + i, i);
      current = layered.freeze();
      expect(current).toBe(layered);
    }
    // 50 changes over 1,000 are under the fold; 200 more are not: a flat Map of the same entries.
    const big = LayeredMap.edit(current);
    for (let i = 0; i < 200; i++) big.delete(i);
    const folded = big.freeze();
    expect(folded).toBeInstanceOf(Map);
    expect(entriesOf(folded)).toEqual(entriesOf(big));
    expect(() => big.set(1, 1)).toThrow(TypeError);
  });

  it('tells the keys where two maps over one base may differ, and nothing for unrelated maps', () => {
    const base = new Map(Array.from({ length: 500 }, (_, i) => [`k${i}`, i] as [string, number]));
    const a = LayeredMap.edit(base);
    a.set('k1', 100).delete('k2');
    a.set('new', 1);
    const frozenA = a.freeze();
    const b = LayeredMap.edit(frozenA);
    b.set('k3', 300).delete('new');
    const frozenB = b.freeze();
    const differing = (x: ReadonlyMap<string, number>, y: ReadonlyMap<string, number>) =>
      [...new Set([...x.keys(), ...y.keys()])].filter(
        (k) => x.get(k) !== y.get(k) || x.has(k) !== y.has(k),
      );
    for (const [x, y] of [
      [base, frozenA],
      [frozenA, frozenB],
      [base, frozenB],
    ] as const) {
      const keys = new Set(LayeredMap.changedBetween(x, y));
      for (const key of differing(x, y)) expect(keys.has(key)).toBe(true);
      expect(keys.size).toBeLessThanOrEqual(5);
    }
    expect(LayeredMap.changedBetween(base, new Map(base))).toBeUndefined();
  });
});
