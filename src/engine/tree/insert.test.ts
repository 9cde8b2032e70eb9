import { beforeAll, describe, expect, it } from 'vitest';
import { createRng, gaussian } from '../rng.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import {
  asFactId,
  asNodeId,
  asSessionId,
  asTurnId,
  type EmbeddedFact,
  type MemoryTree,
  type NodeId,
  type Vector,
} from '../types.ts';
import { normalize } from '../vector.ts';
import { centreOf, treeLookup } from './cohesion.ts';
import { MAX_LEAF_SIZE } from './constants.ts';
import { measureDrift } from './drift.ts';
import { insertFacts, type InsertOptions } from './insert.ts';
import { llmSummariser } from './summarise.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const embedder = new HashEmbedder();
let tree: MemoryTree;
let kneeLeaf: NodeId;
beforeAll(async () => {
  tree = await tinyTree(embedder);
  kneeLeaf = tree.levels[1]![3]!;
});

function fact(id: string, session: string, text: string, embedding: Vector): EmbeddedFact {
  return {
    id: asFactId(id),
    text,
    category: 'event',
    sources: [{ sessionId: asSessionId(session), turnIds: [asTurnId(`${session}:1`)] }],
    embedding,
  };
}

/** A unit vector at cosine ≈ `closeness` to `direction`, otherwise random. */
function near(direction: Vector, closeness: number, seed: number): Vector {
  const rng = createRng(seed);
  const noise = normalize(Array.from(direction, () => gaussian(rng)));
  const side = Math.sqrt(1 - closeness * closeness);
  return normalize(direction.map((d, i) => closeness * d + side * (noise[i] as number)));
}

function options(llm = new ScriptedLlm()): InsertOptions {
  return {
    summariser: llmSummariser(llm),
    embedder,
    rebuild: () => Promise.reject(new Error('this test tree never needs a rebuild')),
  };
}

const leafOf = (t: MemoryTree, factId: string) => t.nodes.get(`f:${factId}` as NodeId)?.parent;

describe('incremental insert', () => {
  it('routes a fact into the closest leaf and re-summarises only its ancestors', async () => {
    const llm = new ScriptedLlm();
    const centre = centreOf(treeLookup(tree), kneeLeaf);
    const newFact = fact('s5/f0', 's5', 'The knee still hurts on stairs.', centre);
    const { tree: next, report } = await insertFacts(tree, [newFact], options(llm));

    expect(report).toMatchObject({ added: 1, merged: 0, newLeaves: 0, splits: 0, rebuilt: false });
    expect(leafOf(next, 's5/f0')).toBe(kneeLeaf);
    const sportRoot = tree.nodes.get(kneeLeaf)!.parent!;
    expect(new Set(report.resummarised)).toEqual(new Set([kneeLeaf, sportRoot]));
    expect(llm.callsFor('summarise')).toHaveLength(2);
    // Every other summary is untouched: same text, same embedding object.
    for (const [id, node] of tree.nodes) {
      if (id === kneeLeaf || id === sportRoot) continue;
      expect(next.nodes.get(id)?.text).toBe(node.text);
      expect(next.nodes.get(id)?.embedding).toBe(node.embedding);
    }
    expect(next.facts.size).toBe(tree.facts.size + 1);
    expect(next.insertedSinceBuild).toBe(1);
    // The input tree is not modified.
    expect(tree.facts.size).toBe(8);
    expect(tree.nodes.get(kneeLeaf)!.children).toHaveLength(2);
  });

  it('hands back the nodes it did not change as the same objects', async () => {
    const { tree: after, report } = await insertFacts(
      tree,
      [
        fact(
          'new-knee',
          's9',
          'My knee hurts after running.',
          near(centreOf(treeLookup(tree), kneeLeaf), 0.99, 5),
        ),
      ],
      options(),
    );
    const changed = new Set<NodeId>([...report.resummarised, asNodeId('f:new-knee')]);
    let same = 0;
    for (const [id, node] of after.nodes) {
      if (changed.has(id) || tree.nodes.get(id)?.children.length !== node.children.length) continue;
      expect(node, id).toBe(tree.nodes.get(id));
      same++;
    }
    expect(same).toBeGreaterThan(after.nodes.size / 2);
  });

  it('merges a near-duplicate into the existing fact, keeping both provenances', async () => {
    const original = tree.nodes.get('f:s1/f0' as NodeId)!;
    const dup = fact('s9/f0', 's9', 'The user lives in Oslo!', original.embedding);
    const { tree: next, report } = await insertFacts(tree, [dup], options());
    expect(report).toMatchObject({ added: 0, merged: 1, resummarised: [] });
    const merged = next.facts.get(asFactId('s1/f0'))!;
    expect(merged.sources.map((s) => s.sessionId)).toEqual(['s1', 's9']);
    expect(next.facts.size).toBe(tree.facts.size);
  });

  it('opens a new leaf for a fact unlike every cluster, under the closest parent', async () => {
    const lonely = fact(
      's6/f0',
      's6',
      'The user adopted a cat called Pimenta.',
      (await embedder.embed(['zebra quantum xylophone']))[0]!,
    );
    const { tree: next, report } = await insertFacts(tree, [lonely], options());
    expect(report).toMatchObject({ added: 1, newLeaves: 1 });
    const leaf = next.nodes.get(leafOf(next, 's6/f0')!)!;
    expect(leaf.level).toBe(1);
    expect(leaf.children).toHaveLength(1);
    expect(leaf.parent).not.toBeNull();
    expect(next.levels[1]).toHaveLength(5);
  });

  it('splits a leaf that grows past 2k, keeping every fact under exactly one leaf', async () => {
    const centre = centreOf(treeLookup(tree), kneeLeaf);
    const many = Array.from({ length: MAX_LEAF_SIZE }, (_, i) =>
      fact(`s7/f${i}`, 's7', `Knee note ${i}.`, near(centre, 0.9, i + 1)),
    );
    const { tree: next, report } = await insertFacts(tree, many, options());
    expect(report.splits).toBeGreaterThanOrEqual(1);
    expect(next.facts.size).toBe(tree.facts.size + many.length - report.merged);
    const leaves = next.levels[1]!.map((id) => next.nodes.get(id)!);
    for (const leaf of leaves) expect(leaf.children.length).toBeLessThanOrEqual(MAX_LEAF_SIZE);
    const underLeaves = leaves.flatMap((l) => l.children);
    expect(new Set(underLeaves).size).toBe(underLeaves.length);
    expect(underLeaves.length).toBe(next.levels[0]!.length);
    // The split halves stay under the same parent.
    const sportRoot = tree.nodes.get(kneeLeaf)!.parent!;
    expect(next.nodes.get(sportRoot)!.children.length).toBe(2 + report.splits + report.newLeaves);
  });
});

describe('drift', () => {
  it('is quiet right after a build and recommends a rebuild after many inserts', async () => {
    expect(measureDrift(tree)).toMatchObject({ rebuildRecommended: false, reasons: [] });
    const centre = centreOf(treeLookup(tree), kneeLeaf);
    const many = Array.from({ length: 6 }, (_, i) =>
      fact(`s8/f${i}`, 's8', `Note ${i}.`, near(centre, 0.6, 50 + i)),
    );
    const { tree: next } = await insertFacts(tree, many, options());
    const drift = measureDrift(next);
    expect(drift.insertedFraction).toBeGreaterThanOrEqual(0.5);
    expect(drift.rebuildRecommended).toBe(true);
    expect(drift.reasons.join(' ')).toContain('inserted since the build');
  });
});
