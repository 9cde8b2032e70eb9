import { describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../retrieval.ts';
import { approximateTokenizer } from '../tokens.ts';
import { asNodeId, type MemoryTree, type NodeId, type TreeNode } from '../types.ts';
import { TreeIntegrityError } from '../tree/tree-integrity-error.ts';
import { createCollapsedTreeRetriever, nodeProvenance } from './collapsed-tree.ts';
import { abortedSignal, keywordEmbedder, smallTree } from './test-corpus.test-support.ts';

describe('nodeProvenance', () => {
  it('collects the facts under each node and their sessions', () => {
    const p = nodeProvenance(smallTree());
    expect(p.get(asNodeId('n3'))).toEqual({ factIds: ['f3'], sessionIds: ['s3', 's1'] });
    expect(p.get(asNodeId('a'))).toEqual({ factIds: ['f1', 'f3'], sessionIds: ['s1', 's3'] });
    expect(p.get(asNodeId('r'))).toEqual({
      factIds: ['f1', 'f3', 'f2', 'f4'],
      sessionIds: ['s1', 's3', 's2', 's4'],
    });
  });

  it('reports a missing child or a cycle as a TreeIntegrityError', () => {
    const tree = smallTree();
    const nodes = new Map(tree.nodes);
    const broken = (id: string, children: string[]): MemoryTree => {
      const node = nodes.get(asNodeId(id)) as TreeNode;
      const copy = new Map<NodeId, TreeNode>(nodes);
      copy.set(node.id, { ...node, children: children.map(asNodeId) });
      return { ...tree, nodes: copy };
    };
    expect(() => nodeProvenance(broken('a', ['n1', 'ghost']))).toThrow(TreeIntegrityError);
    expect(() => nodeProvenance(broken('a', ['r']))).toThrow(/cycle/);
  });
});

describe('createCollapsedTreeRetriever', () => {
  // q = (dog + rain)/√2: n3 and a (dog, rain) = 1; n1 and r (dog) = 1/√2; n2, n4, b = 0.
  it('ranks nodes of every level together, ties in tree order', async () => {
    const retriever = createCollapsedTreeRetriever({
      tree: smallTree(),
      embedder: keywordEmbedder(),
      k: 3,
    });
    const result = await retriever.retrieve('dog rain');
    expect(result.items.map((i) => i.id)).toEqual(['n3', 'a', 'n1']);
    expect(result.items.map((i) => i.score)).toEqual([
      expect.closeTo(1, 6),
      expect.closeTo(1, 6),
      expect.closeTo(Math.SQRT1_2, 6),
    ]);
    expect(result.items[1]).toMatchObject({
      text: 'The user has a dog that dislikes rain.',
      sessionIds: ['s1', 's3'],
      factIds: ['f1', 'f3'],
    });
    expect(result.contextTokens).toBe(
      result.items.reduce((n, i) => n + approximateTokenizer.count(i.text), 0),
    );
    expect(result.llmCalls).toBe(0);
  });

  it('emits select events with real levels and fact ids, then done', async () => {
    const retriever = createCollapsedTreeRetriever({
      tree: smallTree(),
      embedder: keywordEmbedder(),
      k: 3,
    });
    const seen: TraversalEvent[] = [];
    const result = await retriever.retrieve('dog rain', { onEvent: (e) => seen.push(e) });
    expect(result.events).toEqual([
      { type: 'select', node: 'n3', level: 0, factId: 'f3' },
      { type: 'select', node: 'a', level: 1 },
      { type: 'select', node: 'n1', level: 0, factId: 'f1' },
      { type: 'done', selected: 3, calls: 0, tokens: 0 },
    ]);
    expect(seen).toEqual(result.events);
  });

  it('returns every node when k is larger than the tree', async () => {
    const retriever = createCollapsedTreeRetriever({
      tree: smallTree(),
      embedder: keywordEmbedder(),
      k: 50,
    });
    const result = await retriever.retrieve('dog rain');
    expect(result.items.map((i) => i.id)).toEqual(['n3', 'a', 'n1', 'r', 'n2', 'n4', 'b']);
    expect(result.items[3]?.sessionIds).toEqual(['s1', 's3', 's2', 's4']);
  });

  it('stops at the first node past the token budget, like RAPTOR', async () => {
    const tree = smallTree();
    const summaryA = tree.nodes.get(asNodeId('a'))?.text;
    const tokenizer = { count: (text: string) => (text === summaryA ? 100 : 1) };
    const budgeted = createCollapsedTreeRetriever({
      tree,
      embedder: keywordEmbedder(),
      tokenBudget: 50,
      tokenizer,
    });
    // n3 (1 token) fits; a (100) would pass 50: selection stops there, though n1 would fit.
    const r = await budgeted.retrieve('dog rain');
    expect(r.items.map((i) => i.id)).toEqual(['n3']);
    expect(r.contextTokens).toBe(1);
    const both = createCollapsedTreeRetriever({
      tree,
      embedder: keywordEmbedder(),
      k: 1,
      tokenBudget: 1000,
    });
    expect((await both.retrieve('dog rain')).items.map((i) => i.id)).toEqual(['n3']);
  });

  it('rejects a level listing a missing node', () => {
    const tree = smallTree();
    const levels = [...tree.levels, [asNodeId('ghost')]];
    expect(() =>
      createCollapsedTreeRetriever({
        tree: { ...tree, levels },
        embedder: keywordEmbedder(),
        k: 1,
      }),
    ).toThrow(TreeIntegrityError);
  });

  it('needs k or a token budget', () => {
    expect(() =>
      createCollapsedTreeRetriever({ tree: smallTree(), embedder: keywordEmbedder() }),
    ).toThrow(TypeError);
    expect(() =>
      createCollapsedTreeRetriever({ tree: smallTree(), embedder: keywordEmbedder(), k: 0 }),
    ).toThrow(RangeError);
  });

  it('rejects an aborted signal without embedding', async () => {
    const embedder = keywordEmbedder();
    const retriever = createCollapsedTreeRetriever({ tree: smallTree(), embedder, k: 2 });
    await expect(retriever.retrieve('dog', { signal: abortedSignal() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(embedder.calls).toEqual([]);
  });
});
