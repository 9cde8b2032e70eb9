import { describe, expect, it } from 'vitest';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import { ScriptedLlm } from '../testing/index.ts';
import { activateTree, addRound, emptyDiscourse, forkBranch, leaves, openTree } from './forest.ts';
import { KeywordEmbedder } from './keyword-embedder.test-support.ts';
import { MAX_DECISION_CALLS_PER_TURN, listedTopics } from './llm-decider.ts';
import { routeForReply, settleTurn } from './reply-first.ts';
import { discourseDeps, routeTurn } from './turn.ts';
import type { DiscourseState } from './types.ts';

const TREES = 50;
/** The keyword embedder's cosines alone, at the thresholds these tests were written for. */
const MEANING_ONLY = { wordWeight: 0, topicThreshold: 0.7 };
const topicWord = (i: number) => `topic${i}`;
/** One dimension per tree's topic word, and one word no tree holds. */
const embedder = new KeywordEmbedder([
  ...Array.from({ length: TREES }, (_, i) => topicWord(i)),
  'spare',
]);

function round(state: DiscourseState, text: string): DiscourseState {
  const embedding = Array.from(embedder.vector(text));
  return addRound(state, { user: text, assistant: '', summary: text, embedding }).state;
}

/**
 * `trees` topic trees of five rounds and four root-to-leaf paths each (a main branch of three
 * rounds, two forks from its root, one from its second round). Every round of tree i embeds as
 * its topic word alone; tree 7's summaries also name the plumbing (a word the embedder ignores).
 * The first tree is the current one.
 */
function forest(trees: number): DiscourseState {
  let state = emptyDiscourse();
  for (let i = 0; i < trees; i++) {
    const w = topicWord(i);
    const extra = i === 7 ? ' plumbing' : '';
    state = openTree(state);
    state = round(state, `${w} start${extra}`);
    const rootId = `n${state.nextIds.node - 1}`;
    state = round(state, `${w} second`);
    const secondId = `n${state.nextIds.node - 1}`;
    state = round(state, `${w} third${extra}`);
    for (const fork of [rootId, rootId, secondId]) {
      state = round(forkBranch(state, fork), `${w} aside${extra}`);
    }
  }
  return activateTree(state, 't1');
}

async function routeCounting(state: DiscourseState, query: string, llm: ScriptedLlm) {
  const before = llm.calls.length;
  const routed = await routeTurn(
    state,
    query,
    discourseDeps({ embedder, llm, settings: MEANING_ONLY }),
  );
  const calls = llm.calls.slice(before);
  const topic = calls.filter((c) => c.purpose === LLM_PURPOSES.discourseTopic);
  const decide = calls.filter((c) => c.purpose === LLM_PURPOSES.discourseDecide);
  expect(calls).toHaveLength(topic.length + decide.length);
  return { routed, topic, decide };
}

describe('topic routing with an LLM', () => {
  it('keeps four paths per tree in the test forest', () => {
    const state = forest(3);
    expect(state.trees.map((t) => leaves(state, t.id).length)).toEqual([4, 4, 4]);
  });

  it.each([1, 10, TREES])(
    'the number of calls per turn stays bounded whatever the forest holds (%i trees)',
    async (trees) => {
      const state = forest(trees);
      const queries = [
        'zebra crossing', // a new topic: once one call per path of every tree
        `${topicWord(0)} ${topicWord(0)} again`, // the current tree, clearly
        `${topicWord(trees - 1)} once more`, // another tree, clearly (the current one when alone)
        `${topicWord(0)} spare`, // between the floor and the ceiling
        ...(trees > 7 ? [`${topicWord(3)} ${topicWord(7)} plumbing`] : []), // two trees tie
      ];
      const readable = new ScriptedLlm();
      const unreadable = new ScriptedLlm({
        rules: {
          [LLM_PURPOSES.discourseTopic]: () => 'I would say the second one.',
          [LLM_PURPOSES.discourseDecide]: () => 'Hard to say.',
        },
      });
      let most = 0;
      for (const query of queries) {
        const fine = await routeCounting(state, query, readable);
        expect(fine.topic.length).toBeLessThanOrEqual(1);
        expect(fine.decide.length).toBeLessThanOrEqual(1);
        const failing = await routeCounting(state, query, unreadable);
        most = Math.max(most, failing.topic.length + failing.decide.length);
        // An unreadable reply never loses the turn: the embedding's choice stands.
        const topic = failing.routed.events.find((e) => e.type === 'topic');
        expect(topic?.type === 'topic' && topic.source).toBe(
          failing.topic.length > 0 ? 'fallback' : 'embedding',
        );
      }
      // Every decision retried once, and no more: the bound is reached, never passed.
      expect(most).toBe(MAX_DECISION_CALLS_PER_TURN);
      expect(MAX_DECISION_CALLS_PER_TURN).toBe(4);
    },
  );

  it('lists at most five trees, the current one always among them, and "none of these"', async () => {
    const state = forest(TREES);
    const llm = new ScriptedLlm();
    const { topic } = await routeCounting(state, `${topicWord(3)} ${topicWord(7)} plumbing`, llm);
    expect(topic).toHaveLength(1);
    const lines = /### TOPICS\n([\s\S]*?)\n###/.exec(topic[0]?.prompt ?? '')?.[1]?.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines?.[0]).toMatch(/^1\. topic3 start /);
    expect(lines?.[1]).toMatch(/^2\. topic7 start plumbing /);
    expect(lines?.[2]).toMatch(/^3\. \(current topic\) topic0 /);
    expect(lines?.[5]).toBe('0. None of these: a new topic.');
    expect(topic[0]?.prompt).not.toMatch(/reason/i);
  });

  it('puts the current tree in place of the weakest listed one when it scores lower', () => {
    const candidate = (treeId: string, score: number, current = false) => ({
      treeId,
      path: [],
      meaning: score,
      words: 0,
      score,
      rounds: 1,
      current,
      treeIndex: Number(treeId.slice(1)) - 1,
    });
    const ranked = [1, 2, 3, 4, 5, 6].map((i) => candidate(`t${i}`, 1 - i / 10));
    const listed = listedTopics([...ranked, candidate('t9', 0, true)], 5);
    expect(listed.map((c) => c.treeId)).toEqual(['t1', 't2', 't3', 't4', 't9']);
    expect(listedTopics(ranked, 5).map((c) => c.treeId)).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });

  it('routes a clear case by the embedding alone, to the right tree', async () => {
    const state = forest(TREES);
    const llm = new ScriptedLlm();
    const { routed, topic } = await routeCounting(state, `${topicWord(42)} once more`, llm);
    expect(topic).toHaveLength(0);
    expect(routed.topic).toBe('other-tree');
    expect(routed.state.activeTreeId).toBe('t43');
    const event = routed.events.find((e) => e.type === 'topic');
    expect(event).toMatchObject({ source: 'embedding', reason: expect.stringMatching(/clear/) });

    const fresh = await routeCounting(state, 'zebra crossing', llm);
    expect(fresh.topic).toHaveLength(0);
    expect(fresh.routed.topic).toBe('new-tree');
  });

  it('resolves an ambiguous case with one call, and the LLM picks the tree', async () => {
    const state = forest(TREES);
    // The embedding sees topic3 and topic7 alike; only tree 7's summaries name the plumbing.
    const scripted = await routeCounting(
      state,
      `${topicWord(3)} ${topicWord(7)} plumbing`,
      new ScriptedLlm(),
    );
    expect(scripted.topic).toHaveLength(1);
    expect(scripted.routed.state.activeTreeId).toBe('t8');
    expect(scripted.routed.events.find((e) => e.type === 'topic')).toMatchObject({
      outcome: 'other-tree',
      source: 'llm',
    });

    const told = new ScriptedLlm().enqueue(LLM_PURPOSES.discourseTopic, '{"topic": 0}');
    const fresh = await routeCounting(state, `${topicWord(3)} ${topicWord(7)} plumbing`, told);
    expect(fresh.routed.topic).toBe('new-tree');
  });
});

describe('reply-first turns (the device budget: no LLM call before the reply)', () => {
  const ambiguous = `${topicWord(3)} ${topicWord(7)} plumbing`;

  it('chooses the reply context without a call, then the LLM places the round', async () => {
    const state = forest(TREES);
    const llm = new ScriptedLlm();
    const deps = discourseDeps({ embedder, llm, settings: MEANING_ONLY });
    const routed = await routeForReply(state, ambiguous, deps);
    expect(llm.calls).toHaveLength(0);
    // Ambiguous between trees 4 and 8 for the embedding, which picks the first opened.
    expect(routed.state.activeTreeId).toBe('t4');

    const settled = await settleTurn(state, routed, 'the answer', deps);
    expect(llm.callsFor(LLM_PURPOSES.discourseTopic)).toHaveLength(1);
    expect(settled.changed).toBe(true);
    expect(settled.routed.state.activeTreeId).toBe('t8');
    expect(settled.node.treeId).toBe('t8');
    expect(settled.state.nodes[settled.node.id]?.assistant).toBe('the answer');
    // The same forest as routing before the reply (the paper's order) builds.
    const paper = await routeTurn(
      state,
      ambiguous,
      discourseDeps({ embedder, llm: new ScriptedLlm(), settings: MEANING_ONLY }),
    );
    expect(settled.routed.state).toEqual(paper.state);
  });

  it('keeps the reply routing when the LLM agrees, and without an LLM makes no call', async () => {
    const state = forest(TREES);
    const clear = `${topicWord(5)} ${topicWord(5)} again`;
    const llm = new ScriptedLlm().enqueue(
      LLM_PURPOSES.discourseDecide,
      '{"action": "CONTINUE", "reason": "same thread"}',
    );
    const withLlm = discourseDeps({ embedder, llm, settings: MEANING_ONLY });
    const routed = await routeForReply(state, clear, withLlm);
    const settled = await settleTurn(state, routed, '', withLlm);
    expect(settled.changed).toBe(false);
    expect(settled.node.treeId).toBe('t6');

    const noLlm = discourseDeps({ embedder, settings: MEANING_ONLY });
    const alone = await routeForReply(state, ambiguous, noLlm);
    const kept = await settleTurn(state, alone, '', noLlm);
    expect(kept.changed).toBe(false);
    expect(kept.routed).toBe(alone);
  });
});
