import { describe, expect, it } from 'vitest';
import {
  activateTree,
  addRound,
  emptyDiscourse,
  forkBranch,
  openTree,
  switchBranch,
} from '../../engine/discourse/forest.ts';
import type { DiscourseState } from '../../engine/discourse/index.ts';
import type { TopicTurn } from '../../state/topics-slice.ts';
import { decisionLog, layoutTopicForest, TOPIC_LAYOUT } from './topic-layout.ts';
import { topicLineText } from './topic-line.ts';

const round = (summary: string) => ({ user: summary, assistant: '', summary, embedding: [1] });

function add(state: DiscourseState, summary: string) {
  return addRound(state, round(summary)).state;
}

/** Trip (n1 → n2 → n3), garden (n4, topic 2), a branch from n1 (n5), back to n3 (n6). */
function japanAndGarden() {
  let s = openTree(emptyDiscourse());
  s = add(s, 'The user plans a trip.');
  s = add(s, 'The user picks cities.');
  s = add(s, 'The user wants hotels.');
  s = add(openTree(s), 'The user gardens.');
  s = add(forkBranch(activateTree(s, 't1'), 'n1'), 'The user shortens the trip.');
  s = add(switchBranch(s, 'b1'), 'The user returns to hotels.');
  const turn = (t: number, over: Partial<TopicTurn>): TopicTurn => ({
    turn: t,
    treeId: 't1',
    treeNumber: 1,
    topic: 'same-tree',
    action: 'CONTINUE',
    source: 'llm',
    pathRounds: 0,
    totalRounds: t,
    contextTokens: 0,
    fromNodeId: t === 0 ? null : `n${t}`,
    nodeId: `n${t + 1}`,
    ...over,
  });
  const turns: Record<string, TopicTurn> = {
    r1: turn(0, { topic: 'first' }),
    r2: turn(1, {}),
    r3: turn(2, {}),
    r4: turn(3, { topic: 'new-tree', treeId: 't2', treeNumber: 2 }),
    r5: turn(4, { topic: 'other-tree', action: 'CREATE_BRANCH', pathRounds: 1 }),
    r6: turn(5, { action: 'SWITCH_BRANCH', pathRounds: 3 }),
  };
  return { state: s, turns };
}

describe('topic forest layout', () => {
  it('draws a tree per topic, a column per branch and a row per depth', () => {
    const { state, turns } = japanAndGarden();
    const [trip, garden] = layoutTopicForest(state, turns);
    expect(trip).toMatchObject({ number: 1, active: true, branches: 2 });
    expect(trip?.label).toBe('The user plans a trip.');
    expect(garden).toMatchObject({ number: 2, active: false, branches: 1 });
    const at = (id: string) => trip?.nodes.find((n) => n.id === id);
    expect(at('n3')).toMatchObject({ column: 0, depth: 2 });
    expect(at('n5')).toMatchObject({ column: 1, depth: 1, action: 'CREATE_BRANCH' });
    expect(at('n6')).toMatchObject({ column: 0, depth: 3, current: true, round: 6 });
    const { column, pad } = TOPIC_LAYOUT;
    expect(at('n5')?.x).toBe(pad + column);
  });

  it('marks the active root-to-node path, the fork and the switch', () => {
    const { state, turns } = japanAndGarden();
    const [trip, garden] = layoutTopicForest(state, turns);
    const onPath = trip?.nodes.filter((n) => n.onPath).map((n) => n.round);
    expect(onPath).toEqual([1, 2, 3, 6]);
    expect(garden?.nodes.some((n) => n.onPath)).toBe(false);
    expect(trip?.edges.filter((e) => e.fork).map((e) => [e.from.id, e.to.id])).toEqual([
      ['n1', 'n5'],
    ]);
    // n5 came from the other topic: no jump inside this tree; n6 came from n5.
    expect(trip?.jumps.map((j) => [j.from.id, j.to.id, j.action])).toEqual([
      ['n5', 'n6', 'SWITCH_BRANCH'],
    ]);
  });

  it('draws nothing for an empty conversation', () => {
    expect(layoutTopicForest(emptyDiscourse())).toEqual([]);
    expect(layoutTopicForest(openTree(emptyDiscourse()))).toEqual([]);
  });

  it('logs the rounds that changed topic or branch, in words', () => {
    const { state, turns } = japanAndGarden();
    expect(decisionLog(state, turns)).toEqual([
      'Round 4: opened topic 2 (after round 3).',
      'Round 5: returned to topic 1 (after round 4), started a branch from round 1.',
      'Round 6: stayed in topic 1 (after round 5), switched back to a branch from round 3.',
    ]);
  });
});

describe('reply context line', () => {
  it('says in words where the exchange went and how much was sent', () => {
    const { state, turns } = japanAndGarden();
    const label = (treeId: string) => {
      const rootId = state.trees.find((t) => t.id === treeId)?.rootId;
      return rootId ? state.nodes[rootId]?.summary : undefined;
    };
    expect(topicLineText({ ...turns['r2']!, pathRounds: 1, totalRounds: 1 }, { label })).toBe(
      'Continuing this topic · 1 of 1 earlier exchange sent in full',
    );
    expect(topicLineText(turns['r4']!, { label })).toBe(
      'A new topic · 0 of 3 earlier exchanges sent in full',
    );
    expect(topicLineText(turns['r5']!, { label })).toBe(
      'Branching off from an earlier point in your earlier topic “The user plans a trip.” · 1 of 4 earlier exchanges sent in full',
    );
  });
});
