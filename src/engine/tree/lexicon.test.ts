import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../testing/index.ts';
import type { FactId, MemoryTree, NodeId } from '../types.ts';
import { cosine } from '../vector.ts';
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

  it('gives every fact the cosine `cosine` gives it, to the last bit, and each session its facts', async () => {
    const embedder = new HashEmbedder();
    const tree = await tinyTree(embedder);
    const lexicon = treeLexicon(tree);
    const [query] = await embedder.embed(['knee pain after running']);
    const { ids, cosines } = lexicon.factCosines(query!);
    expect(ids).toHaveLength(tree.facts.size);
    ids.forEach((id, i) => {
      expect(cosines[i]).toBe(cosine(lexicon.factVector(id)!, query!));
      expect(lexicon.factVectors()[i]).toBe(lexicon.factVector(id));
    });
    for (const fact of tree.facts.values())
      for (const { sessionId } of fact.sources)
        expect(lexicon.sessionFacts(sessionId).has(fact.id)).toBe(true);
    const total = new Set(
      [...tree.facts.values()].flatMap((f) => f.sources.map((s) => s.sessionId)),
    );
    const listed = [...total].reduce((n, s) => n + lexicon.sessionFacts(s).size, 0);
    expect(listed).toBe(
      [...tree.facts.values()].reduce(
        (n, f) => n + new Set(f.sources.map((s) => s.sessionId)).size,
        0,
      ),
    );
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
