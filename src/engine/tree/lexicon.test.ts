import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../testing/index.ts';
import type { FactId, MemoryTree, NodeId } from '../types.ts';
import { treeLexicon } from './lexicon.ts';
import { TreeIntegrityError } from './tree-integrity-error.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

/** The facts under a node, by walking its children. */
function factsUnder(tree: MemoryTree, id: NodeId): FactId[] {
  const node = tree.nodes.get(id)!;
  return node.factId !== undefined
    ? [node.factId]
    : node.children.flatMap((child) => factsUnder(tree, child));
}

describe('treeLexicon', () => {
  it('scores every node with the best evidence of any fact under it', async () => {
    const tree = await tinyTree(new HashEmbedder());
    const lexicon = treeLexicon(tree);
    for (const question of ['Where do I run?', 'knee pain after running', 'nothing in common']) {
      for (const w of [0, 0.5]) {
        for (const id of tree.levels.flat()) {
          const best = Math.max(
            ...factsUnder(tree, id).map((f) => lexicon.factScore(question, f, w)),
          );
          expect(lexicon.nodeScore(question, id, w), `${id} for "${question}"`).toBe(best);
        }
      }
    }
  });

  it('names a node whose child is missing, as the tree walk does', async () => {
    const tree = await tinyTree(new HashEmbedder());
    const root = tree.levels.at(-1)![0]!;
    const nodes = new Map(tree.nodes);
    nodes.set(root, { ...tree.nodes.get(root)!, children: ['s9:missing' as NodeId] });
    const broken: MemoryTree = { ...tree, nodes };
    expect(() => treeLexicon(broken).nodeScore('Where do I run?', root)).toThrow(
      TreeIntegrityError,
    );
  });
});
