import { beforeAll, describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../retrieval.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { asSessionId, type MemoryTree } from '../types.ts';
import { TreeDraft } from './draft.ts';
import {
  embeddingJudge,
  llmListwiseJudge,
  llmNodeJudge,
  noLlmJudge,
  oracleJudge,
} from './judges.ts';
import { createTreeRetriever } from './retrieve.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const embedder = new HashEmbedder();
let tree: MemoryTree;
beforeAll(async () => {
  tree = await tinyTree(embedder);
});

const text = (id: string) => tree.nodes.get(id as never)?.text ?? '';
const visited = (events: readonly TraversalEvent[]) =>
  events.flatMap((e) => (e.type === 'visit' ? [text(e.node)] : []));
type Verdict = Extract<TraversalEvent, { type: 'keep' | 'prune' }>;
const isVerdict = (e: TraversalEvent): e is Verdict => e.type === 'keep' || e.type === 'prune';
const sessionsOf = (items: readonly { sessionIds: readonly string[] }[]) =>
  [...new Set(items.flatMap((i) => i.sessionIds))].sort();

describe('tree retrieval with the per-node LLM judge (the paper)', () => {
  it('prunes whole subtrees: children of a pruned root are never judged', async () => {
    const llm = new ScriptedLlm();
    const retriever = createTreeRetriever(tree, { judge: llmNodeJudge(llm), embedder });
    const result = await retriever.retrieve('Can I go running this weekend?');

    expect(sessionsOf(result.items)).toEqual(['s3', 's4']);
    // 2 roots + the 2 leaves under the kept root: the life subtree costs one call, not three.
    expect(result.llmCalls).toBe(4);
    expect(llm.callsFor('judge-node')).toHaveLength(4);
    expect(visited(result.events)).not.toContain(text(tree.levels[1]![0]!));
    const prune = result.events.find((e) => e.type === 'prune');
    expect(prune).toMatchObject({ level: 2, reason: expect.stringContaining('No content word') });
    expect(result.events.at(-1)).toMatchObject({ type: 'done', selected: 4, calls: 4 });
  });

  it('emits visit before the verdict of each node, with cumulative calls and tokens', async () => {
    const retriever = createTreeRetriever(tree, {
      judge: llmNodeJudge(new ScriptedLlm()),
      embedder,
    });
    const seen: TraversalEvent[] = [];
    const result = await retriever.retrieve('Where is my flat?', { onEvent: (e) => seen.push(e) });
    expect(seen).toEqual(result.events);
    const verdicts = seen.filter(isVerdict);
    for (const v of verdicts) {
      const visitAt = seen.findIndex((e) => e.type === 'visit' && e.node === v.node);
      expect(visitAt).toBeGreaterThanOrEqual(0);
      expect(visitAt).toBeLessThan(seen.indexOf(v));
      expect(v.tokens).toBeGreaterThan(0);
    }
    const calls = verdicts.map((v) => v.calls);
    expect(calls).toEqual([...calls].sort((a, b) => a - b));
    expect(result.judgeTokens).toBe(verdicts.reduce((n, v) => n + v.tokens, 0));
  });

  it('keeps a node whose judgement stays unreadable after retries, and says why', async () => {
    const llm = new ScriptedLlm().enqueue(
      'judge-node',
      'nope',
      'still nope',
      '{"relevant": "maybe"}',
    );
    const retriever = createTreeRetriever(tree, { judge: llmNodeJudge(llm), embedder });
    const result = await retriever.retrieve('Can I go running this weekend?');
    const first = result.events.find((e) => e.type === 'keep' || e.type === 'prune');
    expect(first).toMatchObject({ type: 'keep', reason: expect.stringContaining('unreadable') });
  });
});

describe('tree retrieval with other judges', () => {
  it('listwise: one call per group of siblings', async () => {
    const llm = new ScriptedLlm();
    const retriever = createTreeRetriever(tree, { judge: llmListwiseJudge(llm), embedder });
    const result = await retriever.retrieve('What food does my partner avoid, peanuts?');
    expect(sessionsOf(result.items)).toEqual(['s2']);
    expect(result.llmCalls).toBe(2); // the roots, then the two children of the kept root
    expect(llm.callsFor('judge-children')).toHaveLength(2);
  });

  it('embedding: a cosine beam without any LLM call', async () => {
    const retriever = createTreeRetriever(tree, { judge: embeddingJudge({ beam: 1 }), embedder });
    const result = await retriever.retrieve('knee injury physiotherapist');
    expect(result.llmCalls).toBe(0);
    expect(sessionsOf(result.items)).toEqual(['s4']);
    const scored = result.events.filter((e) => e.type === 'keep' || e.type === 'prune');
    expect(scored.every((e) => 'score' in e && typeof e.score === 'number')).toBe(true);
  });

  it('oracle: keeps exactly the subtrees holding the ground truth', async () => {
    const judge = oracleJudge({ sessionIds: [asSessionId('s1'), asSessionId('s4')] });
    const result = await createTreeRetriever(tree, { judge }).retrieve('anything at all');
    expect(sessionsOf(result.items)).toEqual(['s1', 's4']);
    expect(result.items).toHaveLength(4);
  });

  it('leaf mode "judge" judges the facts under kept leaves one by one', async () => {
    const llm = new ScriptedLlm();
    const retriever = createTreeRetriever(tree, {
      judge: llmNodeJudge(llm),
      embedder,
      leafMode: 'judge',
    });
    const result = await retriever.retrieve('Is my knee ok?');
    expect(result.items.map((i) => i.text)).toEqual(['The user twisted a knee on ice.']);
    expect(result.events.some((e) => e.type === 'prune' && e.level === 0)).toBe(true);
  });

  it('can hand over the kept leaf summaries instead of their facts', async () => {
    const judge = oracleJudge({ sessionIds: [asSessionId('s2')] });
    const result = await createTreeRetriever(tree, { judge, contextUnit: 'summaries' }).retrieve(
      'dinner?',
    );
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({
      text: expect.stringContaining('Food'),
      sessionIds: ['s2'],
    });
    expect(result.items[0]?.factIds).toHaveLength(2);
  });
});

describe('budget and fallback', () => {
  it('stops calling the LLM at the budget and finishes the walk with the embedding beam', async () => {
    const llm = new ScriptedLlm();
    const retriever = createTreeRetriever(tree, {
      judge: llmNodeJudge(llm),
      embedder,
      maxCalls: 2,
    });
    const result = await retriever.retrieve('Can I go running this weekend?');
    expect(result.llmCalls).toBe(2);
    expect(llm.calls).toHaveLength(2);
    expect(result.events.filter((e) => e.type === 'budget-exhausted')).toHaveLength(1);
    expect(result.items.length).toBeGreaterThan(0);
  });

  it('returns the facts closest to the question when nothing is kept, and says so', async () => {
    const retriever = createTreeRetriever(tree, {
      judge: llmNodeJudge(new ScriptedLlm()),
      embedder,
      fallbackK: 2,
    });
    const result = await retriever.retrieve('peanuts?');
    // The roots' summaries do not mention peanuts, so the judge keeps nothing.
    expect(result.events.find((e) => e.type === 'fallback')).toEqual({
      type: 'fallback',
      reason: 'no memory was judged relevant: returning the 2 facts closest to the question',
    });
    expect(result.items).toHaveLength(2);
    expect(result.items[0]?.text).toContain('peanuts');
    const one = await createTreeRetriever(tree, {
      judge: llmNodeJudge(new ScriptedLlm()),
      embedder,
      fallbackK: 1,
    }).retrieve('peanuts?');
    expect(one.items).toHaveLength(1);
    expect(one.events.find((e) => e.type === 'fallback')).toMatchObject({
      reason: 'no memory was judged relevant: returning the fact closest to the question',
    });
  });

  it('says the memory holds no facts yet when the tree is empty', async () => {
    const empty = TreeDraft.empty().freeze(
      { seed: 1, factCount: 0, leafCohesion: 0, leafCohesionStd: 0 },
      0,
    );
    for (const judge of [noLlmJudge(), llmNodeJudge(new ScriptedLlm())]) {
      const result = await createTreeRetriever(empty, { judge, embedder }).retrieve('peanuts?');
      expect(result.items).toEqual([]);
      expect(result.events).toEqual([
        { type: 'fallback', reason: 'the memory holds no facts yet' },
        { type: 'done', selected: 0, calls: 0, tokens: 0 },
      ]);
    }
  });

  it('returns nothing (with a fallback event) when disabled', async () => {
    const retriever = createTreeRetriever(tree, {
      judge: llmNodeJudge(new ScriptedLlm()),
      fallbackK: 0,
    });
    const result = await retriever.retrieve('peanuts?');
    expect(result.items).toEqual([]);
    expect(result.events.find((e) => e.type === 'fallback')).toMatchObject({
      reason: 'no memory was judged relevant',
    });
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const retriever = createTreeRetriever(tree, { judge: llmNodeJudge(new ScriptedLlm()) });
    await expect(retriever.retrieve('x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
