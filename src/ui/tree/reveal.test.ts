import { describe, expect, it } from 'vitest';
import type { NodeId } from '../../engine/types.ts';
import { layoutForest } from './layout.ts';
import { ancestorsOf, expandTo } from './reveal.ts';
import { syntheticForest } from '../../engine/testing/synthetic-forest.ts';

const tree = syntheticForest(120);
const leaf = tree.levels[0]?.[50] as NodeId;

describe('revealing a node', () => {
  it('walks from the parent up to the root', () => {
    const path = ancestorsOf(tree, leaf);
    expect(path.length).toBe(tree.levels.length - 1);
    expect(path[0]).toBe(tree.nodes.get(leaf)?.parent);
    expect(tree.nodes.get(path.at(-1) as NodeId)?.parent).toBeNull();
    expect(ancestorsOf(tree, 'missing' as NodeId)).toEqual([]);
  });

  it('opens only the collapsed ancestors, so the node is laid out again', () => {
    const path = ancestorsOf(tree, leaf);
    const [parent, root] = [path[0], path.at(-1)];
    expect(path.length).toBeGreaterThan(1);
    const other = tree.levels[1]?.find((id) => id !== parent) as string;
    const collapsed = new Set([root as string, other]);
    expect(layoutForest(tree, { collapsed }).index.has(leaf)).toBe(false);
    const opened = expandTo(tree, collapsed, leaf);
    expect([...opened]).toEqual([other]);
    expect(layoutForest(tree, { collapsed: opened }).index.has(leaf)).toBe(true);
    expect(expandTo(tree, opened, leaf)).toBe(opened);
  });
});
