import { describe, expect, it } from 'vitest';
import {
  FOREST_ROOT,
  defaultLayoutMode,
  fitTransform,
  layoutForest,
  nearestNode,
  sameShape,
} from './layout.ts';
import { syntheticForest } from '../../engine/testing/synthetic-forest.ts';

describe('layoutForest', () => {
  const tree = syntheticForest(40);

  it('tells a tree with new labels only (same shape) from one whose nodes moved', () => {
    const layout = layoutForest(tree, { mode: 'tidy' });
    const relabelled = new Map(
      [...tree.nodes].map(([id, node]) => [
        id,
        node.level > 0 ? { ...node, text: 'L1 new' } : node,
      ]),
    );
    expect(sameShape(layout, layoutForest({ ...tree, nodes: relabelled }, { mode: 'tidy' }))).toBe(
      true,
    );
    expect(sameShape(layout, layoutForest(tree, { mode: 'radial' }))).toBe(false);
    expect(sameShape(layout, layoutForest(syntheticForest(41), { mode: 'tidy' }))).toBe(false);
    const firstSummary = tree.levels[1]![0]!;
    expect(
      sameShape(layout, layoutForest(tree, { mode: 'tidy', collapsed: new Set([firstSummary]) })),
    ).toBe(false);
  });

  it('puts a synthetic root over the forest roots, parents before children', () => {
    const layout = layoutForest(tree, { mode: 'tidy' });
    expect(layout.nodes[0]?.id).toBe(FOREST_ROOT);
    expect(layout.nodes).toHaveLength(tree.nodes.size + 1);
    const roots = tree.levels.at(-1) ?? [];
    for (const id of roots) expect(layout.nodes[layout.index.get(id) ?? -1]?.depth).toBe(1);
    layout.nodes.forEach((n, i) => expect(n.parent).toBeLessThan(i));
    expect(layout.shownFacts).toBe(40);
  });

  it('lays out levels top-down in tidy mode: roots above summaries above facts', () => {
    const layout = layoutForest(tree, { mode: 'tidy' });
    const yOfLevel = (level: number) =>
      new Set(layout.nodes.filter((n) => n.level === level).map((n) => n.y));
    expect([...yOfLevel(0)]).toHaveLength(1);
    expect([...yOfLevel(0)][0]).toBeGreaterThan([...yOfLevel(1)][0] ?? Infinity);
  });

  it('places facts on the outer ring in radial mode', () => {
    const layout = layoutForest(tree, { mode: 'radial' });
    const radius = (i: number) => Math.hypot(layout.nodes[i]?.x ?? 0, layout.nodes[i]?.y ?? 0);
    const factRadii = layout.nodes.flatMap((n, i) => (n.level === 0 ? [radius(i)] : []));
    const summaryRadii = layout.nodes.flatMap((n, i) => (n.level > 0 ? [radius(i)] : []));
    expect(Math.min(...factRadii)).toBeGreaterThan(Math.max(...summaryRadii));
  });

  it('hides the subtree of a collapsed node but remembers it has children', () => {
    const root = tree.levels.at(-1)?.[0];
    if (!root) throw new Error('no root');
    const layout = layoutForest(tree, { mode: 'tidy', collapsed: new Set([root]) });
    const node = layout.nodes[layout.index.get(root) ?? -1];
    expect(node?.collapsed).toBe(true);
    expect(node?.childCount).toBeGreaterThan(0);
    expect(layout.nodes.length).toBeLessThan(tree.nodes.size + 1);
    expect(layout.shownFacts).toBeLessThan(40);
  });

  it('is deterministic and handles an empty forest', () => {
    expect(layoutForest(tree)).toEqual(layoutForest(tree));
    const empty = layoutForest(null);
    expect(empty.nodes).toHaveLength(1);
    expect(defaultLayoutMode(null)).toBe('tidy');
    expect(defaultLayoutMode(syntheticForest(300))).toBe('radial');
  });

  it('fits bounds into a viewport and finds the nearest node', () => {
    const layout = layoutForest(tree, { mode: 'tidy' });
    const t = fitTransform(layout.bounds, 800, 600);
    const { minX, maxX, minY, maxY } = layout.bounds;
    expect(minX * t.k + t.x).toBeGreaterThanOrEqual(39);
    expect(maxX * t.k + t.x).toBeLessThanOrEqual(761);
    expect(minY * t.k + t.y).toBeGreaterThanOrEqual(39);
    expect(maxY * t.k + t.y).toBeLessThanOrEqual(561);
    const target = layout.nodes[5];
    expect(nearestNode(layout, (target?.x ?? 0) + 1, target?.y ?? 0, 5)).toBe(5);
    expect(nearestNode(layout, 1e6, 1e6, 5)).toBe(-1);
  });

  it('keeps room below the leaves for hanging labels when asked', () => {
    const layout = layoutForest(tree, { mode: 'tidy' });
    const t = fitTransform(layout.bounds, 800, 600, 40, 200);
    expect(layout.bounds.maxY * t.k + t.y).toBeLessThanOrEqual(600 - 40 - 200 + 1e-9);
    expect(layout.bounds.minY * t.k + t.y).toBeGreaterThanOrEqual(39);
  });
});
