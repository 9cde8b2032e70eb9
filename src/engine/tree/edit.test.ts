import { beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { asFactId, asSessionId, type MemoryTree, type NodeId } from '../types.ts';
import { factNodeId } from './draft.ts';
import {
  editFact,
  forgetSessions,
  removeFacts,
  UnknownFactError,
  type EditOptions,
} from './edit.ts';
import { keywordSummariser, llmSummariser } from './summarise.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

const embedder = new HashEmbedder();
let tree: MemoryTree;
beforeAll(async () => {
  tree = await tinyTree(embedder);
});
const options: EditOptions = { embedder, summariser: keywordSummariser };

function assertConsistent(t: MemoryTree) {
  const listed = t.levels.flat();
  expect(new Set(listed).size).toBe(t.nodes.size);
  for (const node of t.nodes.values()) {
    expect(listed).toContain(node.id);
    for (const child of node.children) expect(t.nodes.get(child)?.parent).toBe(node.id);
    if (node.parent !== null) expect(t.nodes.get(node.parent)?.children).toContain(node.id);
    if (node.level === 0) expect(t.facts.has(node.factId!)).toBe(true);
  }
  for (const id of t.facts.keys()) expect(t.nodes.has(factNodeId(id))).toBe(true);
}

describe('editing a memory tree', () => {
  it('edits a fact: new text and embedding, only its ancestors re-summarised', async () => {
    const id = asFactId('s4/f0');
    const text = 'The user broke a knee skiing.';
    const llm = new ScriptedLlm();
    const { tree: edited, resummarised } = await editFact(tree, id, text, {
      embedder,
      summariser: llmSummariser(llm),
    });
    expect(edited.facts.get(id)?.text).toBe(text);
    const node = edited.nodes.get(factNodeId(id))!;
    expect(node.text).toBe(text);
    expect(Array.from(node.embedding)).toEqual(Array.from(embedder.embedOne(text)));
    const leaf = node.parent!;
    expect(resummarised).toEqual([leaf, edited.nodes.get(leaf)!.parent]);
    // Untouched branch keeps its summaries.
    const home = tree.levels[1]![0]!;
    expect(edited.nodes.get(home)).toEqual(tree.nodes.get(home));
    assertConsistent(edited);
    expect(tree.facts.get(id)?.text).not.toBe(text); // the input is not mutated
  });

  it('deletes facts, removing summaries left empty up to the root', async () => {
    const { tree: after, removed } = await removeFacts(
      tree,
      [asFactId('s1/f0'), asFactId('s1/f1')],
      options,
    );
    expect(removed).toHaveLength(2);
    expect(after.facts.size).toBe(6);
    expect(after.levels[1]).toHaveLength(3);
    expect(after.levels[2]).toHaveLength(2);
    assertConsistent(after);
  });

  it('empties the tree when every fact goes', async () => {
    const { tree: after } = await removeFacts(tree, [...tree.facts.keys()], options);
    expect(after.nodes.size).toBe(0);
    expect(after.levels).toEqual([[]]);
  });

  it('rejects an unknown fact and changes nothing', async () => {
    await expect(removeFacts(tree, [asFactId('nope')], options)).rejects.toBeInstanceOf(
      UnknownFactError,
    );
    await expect(editFact(tree, asFactId('nope'), 'x', options)).rejects.toBeInstanceOf(
      UnknownFactError,
    );
  });

  it('forgets a session: sole-source facts go, shared facts keep their other sources', async () => {
    const shared = asFactId('s3/f0');
    const base = tree.facts.get(shared)!;
    const facts = new Map(tree.facts);
    facts.set(shared, {
      ...base,
      sources: [...base.sources, { sessionId: asSessionId('s9'), turnIds: [] }],
    });
    const withShared: MemoryTree = { ...tree, facts };
    const result = await forgetSessions(withShared, [asSessionId('s3')], options);
    expect(result.removed).toEqual([asFactId('s3/f1')]);
    expect(result.trimmed).toEqual([shared]);
    expect(result.tree.facts.get(shared)?.sources.map((s) => s.sessionId)).toEqual(['s9']);
    const runLeaf = result.tree.nodes.get(factNodeId(shared))!.parent as NodeId;
    expect(result.resummarised).toContain(runLeaf);
    assertConsistent(result.tree);
  });
});
