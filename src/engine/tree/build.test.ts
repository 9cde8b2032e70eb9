import { describe, expect, it } from 'vitest';
import { createRng, gaussian } from '../rng.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { asFactId, asSessionId, type EmbeddedFact, type MemoryTree } from '../types.ts';
import { normalize } from '../vector.ts';
import { buildTree } from './build.ts';
import { MAX_ROOTS } from './constants.ts';
import { keywordSummariser, llmSummariser } from './summarise.ts';

const embedder = new HashEmbedder({ dimension: 32 });

/** `n` facts around `topics` random directions, like sentence embeddings of a few themes. */
function syntheticFacts(n: number, topics: number, seed: number): EmbeddedFact[] {
  const rng = createRng(seed);
  const centres = Array.from({ length: topics }, () =>
    normalize(Array.from({ length: 32 }, () => gaussian(rng))),
  );
  return Array.from({ length: n }, (_, i) => {
    const centre = centres[i % topics]!;
    return {
      id: asFactId(`s${i % 7}/f${i}`),
      text: `Fact ${i} about topic ${i % topics}.`,
      category: 'other',
      sources: [{ sessionId: asSessionId(`s${i % 7}`), turnIds: [] }],
      embedding: normalize(centre.map((c) => c + 0.35 * gaussian(rng))),
    };
  });
}

function shape(tree: MemoryTree) {
  return tree.levels.map((level) =>
    level.map((id) => [id, tree.nodes.get(id)?.parent, tree.nodes.get(id)?.text]),
  );
}

function checkInvariants(tree: MemoryTree, factCount: number) {
  expect(tree.levels[0]).toHaveLength(factCount);
  expect(tree.facts.size).toBe(factCount);
  expect(tree.levels.at(-1)!.length).toBeLessThanOrEqual(MAX_ROOTS);
  tree.levels.forEach((level, l) => {
    for (const id of level) {
      const node = tree.nodes.get(id)!;
      expect(node.level).toBe(l);
      const isRoot = l === tree.levels.length - 1;
      expect(node.parent === null).toBe(isRoot);
      if (node.parent !== null) expect(tree.nodes.get(node.parent)!.children).toContain(id);
      for (const child of node.children) expect(tree.nodes.get(child)!.level).toBe(l - 1);
      if (l > 0) expect(node.children.length).toBeGreaterThan(0);
    }
  });
}

describe('tree build', () => {
  it('clusters 200 facts into levels that shrink to at most L roots, every node with one parent', async () => {
    const facts = syntheticFacts(200, 12, 1);
    const { tree, report } = await buildTree(facts, {
      embedder,
      summariser: keywordSummariser,
      seed: 7,
    });
    checkInvariants(tree, 200);
    expect(tree.levels.length).toBeGreaterThanOrEqual(3);
    expect(report.nodesPerLevel[1]).toBe(Math.floor(200 / 6));
    expect(report.summaries.keywords).toBe(
      report.nodesPerLevel.slice(1).reduce((a, b) => a + b, 0),
    );
  });

  it('takes the large-level path where largeLevel says, for every level above it', async () => {
    const facts = syntheticFacts(200, 12, 1);
    const options = { embedder, summariser: keywordSummariser, seed: 7 };
    const exact = await buildTree(facts, options);
    expect(exact.report.largeLevels).toBe(0); // 200 points: far below LARGE_LEVEL
    const large = await buildTree(facts, { ...options, largeLevel: 30 });
    expect(large.report.largeLevels).toBe(
      large.report.nodesPerLevel.slice(0, -1).filter((n) => n > 30).length,
    );
    expect(large.report.largeLevels).toBeGreaterThan(0);
    checkInvariants(large.tree, 200);
  });

  it('is deterministic for a fixed seed', async () => {
    const facts = syntheticFacts(120, 8, 2);
    const options = { embedder, summariser: keywordSummariser };
    const a = await buildTree(facts, { ...options, seed: 3 });
    const b = await buildTree(facts, { ...options, seed: 3 });
    expect(shape(b.tree)).toEqual(shape(a.tree));
    expect(b.tree.build).toEqual(a.tree.build);
  });

  it('needs no summaries when N ≤ L: the facts are the roots', async () => {
    const facts = syntheticFacts(15, 3, 3);
    const llm = new ScriptedLlm();
    const { tree, report } = await buildTree(facts, {
      embedder,
      summariser: llmSummariser(llm),
      seed: 1,
    });
    expect(tree.levels).toHaveLength(1);
    expect(report.nodesPerLevel).toEqual([15]);
    expect(llm.calls).toHaveLength(0);
    checkInvariants(tree, 15);
  });

  it('builds an empty tree from no facts', async () => {
    const { tree } = await buildTree([], {
      embedder,
      summariser: keywordSummariser,
      seed: 1,
    });
    expect(tree.levels).toEqual([[]]);
    expect(tree.nodes.size).toBe(0);
  });

  it('clusters levels too small for UMAP on the raw embeddings (16–29 nodes)', async () => {
    for (const n of [16, 22, 29]) {
      const { tree, report } = await buildTree(syntheticFacts(n, 4, n), {
        embedder,
        summariser: keywordSummariser,
        seed: 5,
      });
      checkInvariants(tree, n);
      expect(report.nodesPerLevel).toEqual([n, Math.floor(n / 6)]);
    }
  });

  it('summarises each cluster with the LLM and embeds the summary', async () => {
    const llm = new ScriptedLlm();
    const facts = syntheticFacts(40, 5, 4);
    const { tree, report } = await buildTree(facts, {
      embedder,
      summariser: llmSummariser(llm),
      seed: 2,
    });
    const summaries = tree.levels
      .slice(1)
      .flat()
      .map((id) => tree.nodes.get(id)!);
    expect(report.summaries.llm).toBe(llm.callsFor('summarise').length);
    expect(report.summaries.llm + report.summaries.keywords).toBe(summaries.length);
    const multi = summaries.find((s) => s.children.length > 1)!;
    expect(multi.text).toMatch(/^About /);
    expect(Array.from(multi.embedding)).toEqual(
      Array.from((await embedder.embed([multi.text]))[0]!),
    );
  });

  it('falls back to the central member when the LLM summary fails, and reports why', async () => {
    const llm = new ScriptedLlm().enqueue('summarise', '', new Error('model crashed'));
    const facts = syntheticFacts(30, 5, 5);
    const { report } = await buildTree(facts, {
      embedder,
      summariser: llmSummariser(llm),
      seed: 2,
    });
    expect(report.summaries.failed).toEqual(['model crashed']);
    expect(report.summaries.keywords).toBeGreaterThanOrEqual(1);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      buildTree(syntheticFacts(40, 4, 6), {
        embedder,
        summariser: keywordSummariser,
        seed: 1,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
