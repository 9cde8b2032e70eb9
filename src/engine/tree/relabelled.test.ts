import { describe, expect, it } from 'vitest';
import { chunkedTree } from '../testing/index.ts';
import { measureDrift } from './drift.ts';
import { noLlmInsert, wordFacts as facts } from './insert-facts.test-support.ts';
import { prepareInsert, takeInsertLayout } from './insert-index.ts';
import { insertFacts } from './insert.ts';
import { labelPending, labelTree } from './label-tree.ts';
import { treeLexicon } from './lexicon.ts';
import { isRelabelling, keepDerivedForRelabelled } from './relabelled.ts';
import { factCentroid, roots } from './subtree.ts';

const inserted = async () => {
  const base = labelTree(chunkedTree(facts(120, 'base', 1)));
  const { tree } = await insertFacts(base, facts(6, 'new', 2), {
    ...noLlmInsert,
    deferLabels: true,
  });
  return { base, tree, labelled: await labelPending(tree) };
};

describe('a tree relabelled', () => {
  it('is told from a tree whose structure, facts or embeddings changed', async () => {
    const { base, tree, labelled } = await inserted();
    expect(labelled).not.toBe(tree);
    expect(isRelabelling(tree, labelled)).toBe(true);
    expect(isRelabelling(base, tree)).toBe(false);
    const leaf = tree.levels[1]![0]!;
    const node = tree.nodes.get(leaf)!;
    const moved = new Map(labelled.nodes).set(leaf, {
      ...node,
      embedding: Float32Array.from(node.embedding),
    });
    expect(isRelabelling(tree, { ...labelled, nodes: moved })).toBe(false);
  });

  it('keeps what was worked out for the tree it was labelled from', async () => {
    const { tree, labelled } = await inserted();
    const lexicon = treeLexicon(tree);
    const root = roots(tree)[0]!;
    const centroid = factCentroid(tree, root);
    const drift = measureDrift(tree);
    await prepareInsert(tree);
    keepDerivedForRelabelled(tree, labelled);
    expect(treeLexicon(labelled)).toBe(lexicon);
    expect(factCentroid(labelled, root)).toBe(centroid);
    expect(measureDrift(labelled)).toBe(drift);
    expect(takeInsertLayout(labelled)).toBeDefined();
  });

  it('keeps nothing for a tree that is not a relabelling', async () => {
    const { base, tree } = await inserted();
    const lexicon = treeLexicon(base);
    keepDerivedForRelabelled(base, tree);
    expect(treeLexicon(tree)).not.toBe(lexicon);
  });
});
