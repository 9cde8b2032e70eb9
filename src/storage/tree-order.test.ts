import { describe, expect, it } from 'vitest';
import { keepOrder } from './tree-order.ts';

const keys = (before: Record<string, number> | undefined, ids: string[]) => {
  const into = new Map<string, number>();
  const changed = new Set<string>();
  keepOrder(before && new Map(Object.entries(before)), ids, into, changed);
  return { keys: Object.fromEntries(into), changed: [...changed] };
};

describe('position keys of a tree order', () => {
  it('numbers a fresh order 0, 1, 2 …', () => {
    expect(keys(undefined, ['a', 'b', 'c'])).toEqual({
      keys: { a: 0, b: 1, c: 2 },
      changed: ['a', 'b', 'c'],
    });
  });

  it('keeps every key when items are appended or removed: only the new ones change', () => {
    expect(keys({ a: 0, b: 1, c: 2 }, ['a', 'c', 'd', 'e'])).toEqual({
      keys: { a: 0, c: 2, d: 3, e: 4 },
      changed: ['d', 'e'],
    });
  });

  it('gives items that no longer sort after their predecessor new keys, in the new order', () => {
    const { keys: k, changed } = keys({ a: 0, b: 1, c: 2 }, ['c', 'a', 'x', 'b']);
    expect(changed).toEqual(['a', 'x', 'b']);
    const sorted = Object.entries(k)
      .sort((p, q) => p[1] - q[1])
      .map(([id]) => id);
    expect(sorted).toEqual(['c', 'a', 'x', 'b']);
  });
});
