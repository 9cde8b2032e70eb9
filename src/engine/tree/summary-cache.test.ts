import { describe, expect, it } from 'vitest';
import { embeddedFactsOf, rebuildMemory } from '../pipeline.ts';
import { createRng, gaussian } from '../rng.ts';
import { HashEmbedder, ScriptedLlm, summariseRule } from '../testing/index.ts';
import {
  asFactId,
  asSessionId,
  type EmbeddedFact,
  type MemoryTree,
  type NodeId,
} from '../types.ts';
import { normalize } from '../vector.ts';
import { buildTree } from './build.ts';
import { factNodeId } from './draft.ts';
import { keywordSummariser, llmSummariser, type Summariser } from './summarise.ts';
import { summaryCacheFrom, summaryKey } from './summary-cache.ts';

const embedder = new HashEmbedder({ dimension: 32 });
const SEED = 3;

/** `n` facts around `topics` random directions; 120 facts make three levels. */
function syntheticFacts(n: number, topics: number, seed: number): EmbeddedFact[] {
  const rng = createRng(seed);
  const centres = Array.from({ length: topics }, () =>
    normalize(Array.from({ length: 32 }, () => gaussian(rng))),
  );
  return Array.from({ length: n }, (_, i) => ({
    id: asFactId(`s${i % 7}/f${i}`),
    text: `Fact ${i} about topic ${i % topics}.`,
    category: 'other',
    sources: [{ sessionId: asSessionId(`s${i % 7}`), turnIds: [] }],
    embedding: normalize(centres[i % topics]!.map((c) => c + 0.35 * gaussian(rng))),
  }));
}

/** Records the node each summarise call was for (by its children), calls or not. */
function recording(inner: Summariser) {
  const childSets: NodeId[][] = [];
  const summariser: Summariser = {
    name: inner.name,
    summarise(members, signal) {
      childSets.push(members.map((m) => (m as typeof m & { id: NodeId }).id));
      return inner.summarise(members, signal);
    },
  };
  return { summariser, childSets };
}

const parentOf = (tree: MemoryTree, children: readonly NodeId[]) =>
  tree.nodes.get(children[0] as NodeId)?.parent;

function ancestry(tree: MemoryTree, id: NodeId): NodeId[] {
  const out: NodeId[] = [];
  for (let at = tree.nodes.get(id)?.parent ?? null; at !== null;) {
    out.push(at);
    at = tree.nodes.get(at)?.parent ?? null;
  }
  return out;
}

const texts = (tree: MemoryTree) =>
  tree.levels.map((level) => level.map((id) => tree.nodes.get(id)?.text));

async function llmBuild(facts: readonly EmbeddedFact[], llm: ScriptedLlm) {
  return buildTree(facts, { embedder, summariser: llmSummariser(llm), seed: SEED });
}

describe('summary cache', () => {
  it('rebuilding an unchanged tree makes 0 summary calls', async () => {
    const llm = new ScriptedLlm();
    const first = await llmBuild(syntheticFacts(120, 8, 2), llm);
    const written = llm.callsFor('summarise').length;
    expect(first.tree.levels.length).toBeGreaterThanOrEqual(3);
    expect(written).toBe(first.report.summaries.llm);
    expect(written).toBeGreaterThan(20);

    const rebuilt = await rebuildMemory(first.tree, { embedder, llm, seed: SEED });
    expect(llm.callsFor('summarise')).toHaveLength(written);
    expect(texts(rebuilt)).toEqual(texts(first.tree));

    // Without the cache the same rebuild writes every summary again.
    await llmBuild(embeddedFactsOf(first.tree), llm);
    expect(llm.callsFor('summarise')).toHaveLength(2 * written);
  });

  it('re-summarises a cluster whose members changed and its ancestors, and nothing else', async () => {
    const llm = new ScriptedLlm();
    const facts = syntheticFacts(120, 8, 2);
    const first = await llmBuild(facts, llm);
    // Fact 0 is replaced by another fact with the same words: its leaf's members change.
    const replaced = facts.map((f, i) => (i === 0 ? { ...f, id: asFactId('s9/new') } : f));
    const before = llm.callsFor('summarise').length;
    const cache = summaryCacheFrom(first.tree, {
      summariser: llmSummariser(llm).name,
      embedder: embedder.id,
    });
    const { summariser, childSets } = recording(llmSummariser(llm));
    const second = await buildTree(replaced, {
      embedder,
      summariser,
      seed: SEED,
      summaryCache: cache,
    });

    const path = ancestry(second.tree, factNodeId(asFactId('s9/new')));
    const resummarised = childSets.map((children) => parentOf(second.tree, children));
    expect(new Set(resummarised)).toEqual(new Set(path));
    expect(resummarised).toHaveLength(path.length);
    const calls = path.filter((id) => (second.tree.nodes.get(id)?.children.length ?? 0) > 1);
    expect(path.map((id) => second.tree.nodes.get(id)?.level)).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
    expect(llm.callsFor('summarise').length - before).toBe(calls.length);
    expect(second.report.summaries.reused).toBe(first.report.summaries.llm - calls.length);
    expect(texts(second.tree)).toEqual(texts(first.tree));
  });

  it('never hands back a keyword label as an LLM summary', async () => {
    const keywords = await buildTree(syntheticFacts(40, 5, 4), {
      embedder,
      summariser: keywordSummariser,
      seed: 1,
    });
    const llm = new ScriptedLlm();
    const identity = { summariser: llmSummariser(llm).name, embedder: embedder.id };
    expect(summaryCacheFrom(keywords.tree, identity).size).toBe(0);
    const rebuilt = await rebuildMemory(keywords.tree, { embedder, llm, seed: 1 });
    expect(llm.callsFor('summarise').length).toBeGreaterThan(0);
    expect(texts(rebuilt)).not.toEqual(texts(keywords.tree));
  });

  it('tries a failed summary again, and its stand-in keys the level above as the build saw it', async () => {
    const facts = syntheticFacts(120, 8, 2);
    // The model fails on one cluster (the one holding fact 30), under a root of several.
    const failing = new ScriptedLlm({
      rules: {
        summarise: (prompt) => {
          if (prompt.includes('Fact 30 about')) throw new Error('x');
          return summariseRule(prompt);
        },
      },
    });
    const failed = await llmBuild(facts, failing);
    expect(failed.report.summaries.failed).toEqual(['x']);
    const cache = summaryCacheFrom(failed.tree, {
      summariser: llmSummariser(failing).name,
      embedder: embedder.id,
    });
    const rebuild = (llm: ScriptedLlm) =>
      buildTree(embeddedFactsOf(failed.tree), {
        embedder,
        summariser: llmSummariser(llm),
        seed: SEED,
        summaryCache: cache,
      });

    // It fails again: the root above gets the same stand-in text as before, and is reused.
    const again = await rebuild(failing);
    expect(again.report.summaries).toMatchObject({
      llm: 0,
      failed: ['x'],
      reused: failed.report.summaries.llm,
    });

    // It succeeds: that summary, and the root above it, are written.
    const retried = await rebuild(new ScriptedLlm());
    expect(retried.report.summaries.failed).toEqual([]);
    expect(retried.report.summaries.llm).toBeGreaterThanOrEqual(2);
    expect(retried.report.summaries.reused).toBeLessThan(failed.report.summaries.llm);
  });

  it('keys on the summariser, the embedder, the member facts and the children texts', () => {
    const inputs = {
      summariser: 'llm:a',
      embedder: 'e',
      factIds: [asFactId('f2'), asFactId('f1')],
      childTexts: ['b', 'a'],
    };
    const key = summaryKey(inputs);
    expect(summaryKey({ ...inputs, factIds: [asFactId('f1'), asFactId('f2')] })).toBe(key);
    expect(summaryKey({ ...inputs, childTexts: ['a', 'b'] })).toBe(key);
    for (const changed of [
      { summariser: 'llm:b' },
      { embedder: 'other' },
      { factIds: [asFactId('f1'), asFactId('f3')] },
      { childTexts: ['a', 'b.'] },
    ]) {
      expect(summaryKey({ ...inputs, ...changed })).not.toBe(key);
    }
  });
});
