import { describe, expect, it } from 'vitest';
import { treeOutline } from './outline.ts';
import { HashEmbedder } from '../testing/index.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const embedder = new HashEmbedder();

describe('treeOutline', () => {
  it('keeps every node, level and fact of the tree but no embedding', async () => {
    const tree = await tinyTree(embedder);
    const outline = treeOutline(tree);
    expect([...outline.nodes.keys()]).toEqual([...tree.nodes.keys()]);
    expect(outline.levels).toEqual(tree.levels);
    expect([...outline.facts.values()]).toEqual([...tree.facts.values()]);
    for (const [id, node] of tree.nodes) {
      const drawn = outline.nodes.get(id);
      expect(drawn).not.toHaveProperty('embedding');
      const { embedding: _dropped, ...rest } = node;
      expect(drawn).toEqual(rest);
    }
  });

  it('is derived once per tree: the same tree gives the same outline', async () => {
    const tree = await tinyTree(embedder);
    expect(treeOutline(tree)).toBe(treeOutline(tree));
    expect(treeOutline(await tinyTree(embedder))).not.toBe(treeOutline(tree));
  });

  it('survives a structured clone with no vector in it', async () => {
    const copy = structuredClone(treeOutline(await tinyTree(embedder)));
    for (const node of copy.nodes.values()) expect(Object.keys(node)).not.toContain('embedding');
  });
});
