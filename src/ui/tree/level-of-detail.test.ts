import { describe, expect, it } from 'vitest';
import type { NodeId } from '../../engine/types.ts';
import { syntheticForest } from '../../engine/testing/synthetic-forest.ts';
import { layoutForest } from './layout.ts';
import { isLargeForest, LARGE_FOREST_FACTS, openingCollapsed } from './level-of-detail.ts';
import { expandTo } from './reveal.ts';

describe('level of detail', () => {
  it('leaves a small forest open', () => {
    const small = syntheticForest(3000);
    expect(isLargeForest(small)).toBe(false);
    expect(openingCollapsed(small).size).toBe(0);
    expect(openingCollapsed(null).size).toBe(0);
  });

  it('opens a large forest on its roots and upper summaries, within the budget', () => {
    const large = syntheticForest(LARGE_FOREST_FACTS * 2);
    expect(isLargeForest(large)).toBe(true);
    const collapsed = openingCollapsed(large, 400);
    const levels = new Set([...collapsed].map((id) => large.nodes.get(id)?.level));
    expect(levels.size).toBe(1);
    const level = [...levels][0] as number;
    expect(level).toBeGreaterThanOrEqual(1);
    const layout = layoutForest(large, { collapsed });
    expect(layout.shownFacts).toBe(0);
    // The synthetic root, then every node of the levels shown: no more than the budget.
    expect(layout.nodes.length - 1).toBeLessThanOrEqual(400);
    const shownLevels = large.levels.slice(level).reduce((n, l) => n + l.length, 0);
    expect(layout.nodes.length - 1).toBe(shownLevels);
    // One level more would have gone over the budget.
    expect(shownLevels + (large.levels[level - 1]?.length ?? 0)).toBeGreaterThan(400);
  });

  it('still reaches any fact on demand', () => {
    const large = syntheticForest(LARGE_FOREST_FACTS * 2);
    const collapsed = openingCollapsed(large);
    const fact = large.levels[0]?.[1234] as NodeId;
    expect(layoutForest(large, { collapsed }).index.has(fact)).toBe(false);
    const opened = expandTo(large, collapsed, fact);
    expect(layoutForest(large, { collapsed: opened }).index.has(fact)).toBe(true);
  });

  it('collapses the roots when even they exceed the budget', () => {
    const large = syntheticForest(LARGE_FOREST_FACTS * 2);
    const roots = large.levels.at(-1) ?? [];
    const collapsed = openingCollapsed(large, 1);
    expect([...collapsed].sort()).toEqual([...roots].sort());
  });
});
