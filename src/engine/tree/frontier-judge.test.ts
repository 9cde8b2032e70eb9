import { beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import type { MemoryTree } from '../types.ts';
import { frontierJudge, FRONTIER_TEXT_TOKENS } from './frontier-judge.ts';
import { frontierLine } from './frontier-line.ts';
import { effortJudge } from './memory-effort.ts';
import { createTreeRetriever } from './retrieve.ts';
import { factsUnder } from './subtree.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const embedder = new HashEmbedder({ dimension: 64 });
let tree: MemoryTree;
beforeAll(async () => {
  tree = await tinyTree(embedder);
});

const QUESTION = 'Can I go running for the marathon with my knee?';

async function walk(llm: ScriptedLlm, frontier = 3) {
  const retriever = createTreeRetriever(tree, {
    judge: frontierJudge(llm, { beam: 2, frontier }),
    embedder,
    maxCalls: 1,
  });
  return retriever.retrieve(QUESTION);
}

describe('frontier judge (the balanced memory effort)', () => {
  it('asks the model once, over the best leaves, and collects only the leaves it keeps', async () => {
    const llm = new ScriptedLlm({ responses: { 'judge-children': ['[2]'] } });
    const result = await walk(llm);
    expect(result.llmCalls).toBe(1);
    expect(llm.calls).toHaveLength(1);
    const [prompt] = llm.calls.map((c) => c.prompt);
    // Ids only, as a bare array: no free-text reason, and three of the four leaves are offered,
    // each by its content words.
    expect(prompt).toContain('JSON array of the numbers to keep, at most 6');
    expect(prompt).not.toContain('reason');
    const offered = [...(prompt ?? '').matchAll(/^\[(\d+)\] (.*)$/gm)].map((m) => m[2]);
    expect(offered).toHaveLength(3);
    const leaves = tree.levels[1]!.map((id) => tree.nodes.get(id)!);
    const lineOf = (text: string) => frontierLine(text, FRONTIER_TEXT_TOKENS);
    const chosen = leaves.find((l) => lineOf(l.text) === offered[1])!;
    const verdicts = result.events.flatMap((e) =>
      (e.type === 'keep' || e.type === 'prune') && e.level === 1 ? [e] : [],
    );
    expect(verdicts.filter((v) => v.type === 'keep').map((v) => v.node)).toEqual([chosen.id]);
    const outside = leaves.find((l) => !offered.includes(lineOf(l.text)))!;
    expect(verdicts.find((v) => v.node === outside.id)).toMatchObject({
      type: 'prune',
      reason: expect.stringContaining('not in the frontier'),
    });
    const allowed = new Set(factsUnder(tree, chosen.id).map((f) => f.id));
    expect(result.items.flatMap((i) => i.factIds ?? []).every((id) => allowed.has(id))).toBe(true);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.judgeTokens).toBeGreaterThan(0);
  });

  it('reads an answer in the object shape a server may insist on', async () => {
    const llm = new ScriptedLlm({ responses: { 'judge-children': ['{"keep": [1, 3]}'] } });
    const result = await walk(llm);
    const kept = result.events.filter((e) => e.type === 'keep' && e.level === 1);
    expect(kept).toHaveLength(2);
    expect(
      kept.every((e) => e.type === 'keep' && e.reason === 'the model kept it from the frontier'),
    ).toBe(true);
  });

  it('keeps the whole frontier when the answer cannot be read, still one call', async () => {
    const llm = new ScriptedLlm({ responses: { 'judge-children': ['not json at all'] } });
    const result = await walk(llm);
    expect(llm.calls).toHaveLength(1);
    const kept = result.events.filter((e) => e.type === 'keep' && e.level === 1);
    expect(kept).toHaveLength(3);
    expect(kept[0]).toMatchObject({ reason: expect.stringContaining('unreadable') });
  });

  it('a call that fails is no keep: the walk fails with the LlmCallError (issue 23)', async () => {
    const llm = new ScriptedLlm({ responses: { 'judge-children': [new Error('server down')] } });
    await expect(walk(llm)).rejects.toMatchObject({
      name: 'LlmCallError',
      message: expect.stringContaining('server down'),
    });
  });

  it('costs one call whatever the frontier size, where the paper walk pays per node', async () => {
    const wide = new ScriptedLlm();
    expect((await walk(wide, 4)).llmCalls).toBe(1);
    const perNode = effortJudge('thorough', new ScriptedLlm());
    const thorough = await createTreeRetriever(tree, { ...perNode, embedder }).retrieve(QUESTION);
    expect(thorough.llmCalls).toBeGreaterThan(2);
    const quick = effortJudge('quick', new ScriptedLlm());
    expect(quick).toMatchObject({ maxCalls: 0 });
    expect(quick.judge.name).toBe('hybrid');
    expect(effortJudge('balanced', undefined).judge.name).toBe('hybrid');
    expect(effortJudge('balanced', new ScriptedLlm()).judge.name).toBe('llm-frontier');
  });
});
