import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../testing/index.ts';
import { asFactId, asSessionId, type MemoryTree, type NodeId } from '../types.ts';
import { TreeDraft } from './draft.ts';
import { editFact, removeFacts } from './edit.ts';
import { labelCoverage } from './label-coverage.ts';
import { formatLabel, parseLabel } from './label-format.ts';
import { labelTree, SCOPED_RELABEL_MAX_FACTS, SIBLING_RELABEL_MAX_FACTS } from './label-tree.ts';
import { keywordSummariser } from './summarise.ts';

const embedder = new HashEmbedder();
const BREAD = [
  'I bake sourdough every weekend.',
  'My sourdough starter lives in the fridge.',
  'Rye flour makes the loaves darker.',
];
const HIKES = [
  'We hike the coastal trail in spring.',
  'My hiking boots need new laces.',
  'The coastal trail ends at a lighthouse.',
];

/**
 * One leaf per topic over its facts (fact ids `topic/i`), its summary `leafTexts[topic]` or, as
 * the no-LLM build writes it, its first fact.
 */
function addLeaves(
  draft: TreeDraft,
  topics: readonly (readonly string[])[],
  leafTexts: readonly string[] = [],
): NodeId[] {
  return topics.map((texts, l) => {
    const ids = texts.map((text, i) => {
      const fact = {
        id: asFactId(`${l}/${i}`),
        text,
        category: 'other' as const,
        sources: [{ sessionId: asSessionId(`s${l}`), turnIds: [] }],
      };
      return draft.addFact(fact, embedder.embedOne(text)).id;
    });
    return draft.addSummary(1, leafTexts[l] ?? texts[0]!, embedder.embedOne(texts[0]!), ids).id;
  });
}

/** Two leaves under one root, each summary written as the no-LLM build writes it. */
function handTree(leafTexts: readonly [string, string] = [BREAD[0]!, HIKES[0]!]): MemoryTree {
  const draft = TreeDraft.empty();
  const leaves = addLeaves(draft, [BREAD, HIKES], leafTexts);
  draft.addSummary(2, BREAD[0]!, embedder.embedOne(BREAD[0]!), leaves);
  return draft.freeze({ seed: 1, factCount: 6, leafCohesion: 1, leafCohesionStd: 0 }, 0);
}

/**
 * One group over a leaf per topic, each of `size` numbered notes about it (their numbers cycle
 * every `cycle`), labelled in full: the group an insert's scoped relabel works in.
 */
function labelledGroup(topics: readonly string[], size: number, cycle: number) {
  const draft = TreeDraft.empty();
  const leaves = addLeaves(
    draft,
    topics.map((topic) =>
      Array.from({ length: size }, (_, i) => `Note ${i} about ${topic} number ${i % cycle}.`),
    ),
  );
  draft.addSummary(2, `Note 0 about ${topics[0]} number 0.`, embedder.embedOne('x'), leaves);
  const factCount = topics.length * size;
  const tree = draft.freeze({ seed: 1, factCount, leafCohesion: 1, leafCohesionStd: 0 }, 0);
  return { leaves, labelled: labelTree(tree) };
}

const labelOf = (tree: MemoryTree, id: string) => parseLabel(tree.nodes.get(id as NodeId)!.text);

describe('labelTree', () => {
  it('labels each no-LLM summary with keywords against its siblings and a central fact', () => {
    const before = handTree();
    const tree = labelTree(before);
    const bread = labelOf(tree, 's1:0')!;
    const hikes = labelOf(tree, 's1:1')!;
    expect(bread.keywords).toContain('sourdough');
    expect(hikes.keywords).toContain('coastal');
    expect(hikes.keywords.some((k) => bread.keywords.includes(k))).toBe(false);
    expect(BREAD.map((t) => t.slice(0, 20))).toContain(bread.quote.slice(0, 20));
    // The root has no siblings and is weighed against its level: still labelled.
    expect(labelOf(tree, 's2:2')?.keywords.length).toBeGreaterThanOrEqual(3);
    // Facts keep their text; no embedding moves.
    for (const [id, node] of tree.nodes) {
      expect(node.embedding).toBe(before.nodes.get(id)!.embedding);
      if (node.level === 0) expect(node.text).toBe(before.nodes.get(id)!.text);
    }
    expect(labelTree(tree)).toBe(tree); // labelling is settled: nothing left to change
  });

  it('leaves a summary an LLM wrote as it is', () => {
    const llm = 'The user bakes bread at home.';
    const tree = labelTree(handTree([llm, HIKES[1]!]));
    expect(tree.nodes.get('s1:0' as NodeId)?.text).toBe(llm);
    expect(labelOf(tree, 's1:1')).toBeDefined();
  });

  it('relabels after an edit and a deletion without an LLM', async () => {
    const options = { embedder, summariser: keywordSummariser };
    const tree = labelTree(handTree());
    const edited = await editFact(tree, asFactId('0/1'), 'Focaccia needs olive oil.', options);
    const text = edited.tree.nodes.get('s1:0' as NodeId)!.text;
    expect(parseLabel(text)?.keywords.join(' ')).toMatch(/focaccia|olive/);
    const removed = await removeFacts(tree, [asFactId('1/0'), asFactId('1/2')], options);
    expect(labelOf(removed.tree, 's1:1')?.quote).toBe(HIKES[1]);
  });
});

describe('labelCoverage', () => {
  it('is the mean share of member facts naming a keyword, over labelled summaries', () => {
    const draft = TreeDraft.empty();
    const texts = ['Sourdough again.', 'More flour.', 'A quiet day.', 'Boots.'];
    const ids = texts.map((text, i) =>
      draft.addFact(
        { id: asFactId(`f${i}`), text, category: 'other', sources: [] },
        embedder.embedOne(text),
      ),
    );
    const a = draft.addSummary(1, 'sourdough · FLOUR — "x"', ids[0]!.embedding, [
      ids[0]!.id,
      ids[1]!.id,
      ids[2]!.id,
    ]);
    draft.addSummary(1, 'An LLM wrote this one.', ids[3]!.embedding, [ids[3]!.id]);
    draft.addSummary(2, 'boots — "Boots."', ids[3]!.embedding, [a.id]);
    const tree = draft.freeze({ seed: 1, factCount: 4, leafCohesion: 1, leafCohesionStd: 0 }, 0);
    // s1:0 names 2 of its 3 facts; s2:2 names none of the 3 under it; the LLM summary is skipped.
    const { nodes, coverage } = labelCoverage(tree);
    expect(nodes).toBe(2);
    expect(coverage).toBeCloseTo((2 / 3 + 0) / 2, 12);
  });
});

describe('labelTree, scoped to what an insert changed', () => {
  it('with the summaries an insert changed, relabels only those and their siblings, as a full labelling would', () => {
    const TOPICS = [
      BREAD,
      HIKES,
      [
        'My cat sleeps on the radiator.',
        'The cat food is in the hall cupboard.',
        'Our cat is ten.',
      ],
      ['I learn Korean on Sundays.', 'My Korean tutor is patient.', 'Korean grammar is hard.'],
    ];
    const draft = TreeDraft.empty();
    const leaves = addLeaves(draft, TOPICS);
    const parents = [leaves.slice(0, 2), leaves.slice(2)].map(
      (ids) => draft.addSummary(2, TOPICS[0]![0]!, embedder.embedOne('x'), ids).id,
    );
    draft.addSummary(3, TOPICS[0]![0]!, embedder.embedOne('x'), parents);
    const tree = draft.freeze({ seed: 1, factCount: 12, leafCohesion: 1, leafCohesionStd: 0 }, 0);

    const full = labelTree(tree);
    const scoped = labelTree(tree, new Set([leaves[0]!]));
    const text = (t: MemoryTree, id: NodeId) => t.nodes.get(id)!.text;
    for (const id of leaves.slice(0, 2)) {
      expect(parseLabel(text(scoped, id))).toBeDefined();
      expect(text(scoped, id)).toBe(text(full, id));
    }
    for (const id of [...leaves.slice(2), ...parents, ...tree.levels[3]!]) {
      expect(text(scoped, id)).toBe(text(tree, id));
      expect(scoped.nodes.get(id)).toBe(tree.nodes.get(id));
    }
  });

  it('after an insert, keeps the labels of a group over the scoped limit, but labels its stand-ins', () => {
    const { leaves, labelled } = labelledGroup(
      ['sourdough bread baking', 'coastal trail hiking'],
      Math.ceil(SCOPED_RELABEL_MAX_FACTS / 2) + 1,
      17,
    );
    const [a, b] = leaves as [NodeId, NodeId];
    const stale = formatLabel({ keywords: ['stale'], quote: 'An older label.' });
    const nodes = new Map(labelled.nodes);
    nodes.set(a, {
      ...labelled.nodes.get(a)!,
      text: 'Note 3 about sourdough bread baking number 3.',
    });
    nodes.set(b, { ...labelled.nodes.get(b)!, text: stale });
    const inserted: MemoryTree = { ...labelled, nodes };

    const scoped = labelTree(inserted, new Set([a]));
    expect(scoped.nodes.get(a)!.text).toBe(labelled.nodes.get(a)!.text); // the stand-in is labelled
    expect(scoped.nodes.get(b)!.text).toBe(stale); // over the limit: left for the next rebuild
    expect(labelTree(inserted).nodes.get(b)!.text).toBe(labelled.nodes.get(b)!.text);
  });

  it('in a group over the sibling limit, relabels the changed summaries and stand-ins, not their siblings', () => {
    const { leaves, labelled } = labelledGroup(
      ['sourdough bread baking', 'coastal trail hiking', 'korean grammar lessons'],
      Math.ceil(SIBLING_RELABEL_MAX_FACTS / 3) + 1,
      13,
    );
    const [a, b, c] = leaves as [NodeId, NodeId, NodeId];
    const stale = formatLabel({ keywords: ['stale'], quote: 'An older label.' });
    const nodes = new Map(labelled.nodes);
    nodes.set(a, { ...labelled.nodes.get(a)!, text: stale }); // the summary the insert changed
    nodes.set(b, { ...labelled.nodes.get(b)!, text: stale }); // a sibling with an older label
    nodes.set(c, {
      ...labelled.nodes.get(c)!,
      text: 'Note 3 about korean grammar lessons number 3.',
    });
    const inserted: MemoryTree = { ...labelled, nodes };

    const scoped = labelTree(inserted, new Set([a]));
    expect(scoped.nodes.get(a)!.text).toBe(labelled.nodes.get(a)!.text); // as a full labelling
    expect(scoped.nodes.get(b)).toBe(inserted.nodes.get(b)); // kept for the next full labelling
    expect(scoped.nodes.get(c)!.text).toBe(labelled.nodes.get(c)!.text); // the stand-in is labelled
    expect(labelTree(inserted).nodes.get(b)!.text).toBe(labelled.nodes.get(b)!.text);
  });
});
