import { describe, expect, it } from 'vitest';
import { emptyDiscourse, pathTo } from './forest.ts';
import { KeywordEmbedder } from './keyword-embedder.test-support.ts';
import { commitRound, discourseDeps, routeTurn, type DiscourseDeps } from './turn.ts';
import type { DiscourseState } from './types.ts';

const embedder = new KeywordEmbedder([
  'laptop',
  'budget',
  'screen',
  'ram',
  'keyboard',
  'switches',
  'oled',
  'ports',
]);

function deps(): DiscourseDeps {
  return discourseDeps({
    embedder,
    settings: { topicThreshold: 0.3, branchMargin: 0.05, wordWeight: 0 },
  });
}

/** Routes and commits each user turn with an empty reply; returns every routed turn. */
async function replay(turns: readonly string[], d = deps(), start = emptyDiscourse()) {
  let state: DiscourseState = start;
  const routed = [];
  for (const q of turns) {
    const r = await routeTurn(state, q, d);
    routed.push(r);
    state = (await commitRound(r, '', d)).state;
  }
  return { state, routed };
}

describe('routeTurn / commitRound (embedding-only decisions)', () => {
  it('opens a new tree on a topic switch and goes back to the first tree on return', async () => {
    const { state, routed } = await replay([
      'A laptop with a budget of 8000 yuan',
      'The laptop needs 16GB ram',
      'Which keyboard switches are quieter?',
      'Back to the laptop: an oled screen please',
    ]);
    expect(routed.map((r) => r.topic)).toEqual(['first', 'same-tree', 'new-tree', 'other-tree']);
    expect(state.trees.map((t) => t.id)).toEqual(['t1', 't2']);
    const last = routed[3];
    // The laptop path in full, the keyboard tree as one summary line.
    expect(last?.context.pathNodeIds).toEqual(['n1', 'n2']);
    expect(last?.context.summarisedNodeIds).toEqual(['n3']);
    expect(last?.context.system).toMatch(/^Other topics:\nkeyboard switches\.$/);
    expect(last?.context.messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'user']);
    expect(last?.context.messages.at(-1)?.content).toBe(
      'Back to the laptop: an oled screen please',
    );
    expect(state.nodes.n4?.parentId).toBe('n2');
    expect(state.nodes.n4?.treeId).toBe('t1');
  });

  it('forks a branch from an earlier node for a refinement, then switches back to the old branch', async () => {
    const { state, routed } = await replay([
      'laptop budget budget 8000',
      'laptop laptop screen oled',
      'laptop laptop ram ram 32GB',
      'budget budget laptop 9000 instead',
      'ram ram ram laptop ports',
    ]);
    const refine = routed[3];
    expect(refine?.decision).toMatchObject({
      action: 'CREATE_BRANCH',
      forkNodeId: 'n1',
      source: 'embedding',
    });
    expect(state.nodes.n4).toMatchObject({ parentId: 'n1', branchId: 'b2' });
    // The refinement sees only n1 in full; n2 and n3 are a set-aside branch.
    expect(refine?.context.pathNodeIds).toEqual(['n1']);
    expect(refine?.context.system).toMatch(
      /Set-aside branches:\nlaptop screen oled\. laptop ram 32GB\.$/,
    );
    expect(refine?.context.summarisedNodeIds).toEqual(['n2', 'n3']);

    const back = routed[4];
    expect(back?.decision).toMatchObject({ action: 'SWITCH_BRANCH', targetBranchId: 'b1' });
    expect(state.nodes.n5).toMatchObject({ parentId: 'n3', branchId: 'b1' });
    expect(pathTo(state, 'n5').map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n5']);
    expect(back?.context.summarisedNodeIds).toEqual(['n4']);
  });

  it('continues when the best node is the current node or its parent, or below the threshold', async () => {
    const { routed } = await replay(['laptop budget', 'laptop budget screen', 'laptop budget']);
    expect(routed.map((r) => r.decision.action)).toEqual(['CONTINUE', 'CONTINUE', 'CONTINUE']);
    const similar = routed[2]?.events.find((e) => e.type === 'similar');
    expect(similar).toMatchObject({ type: 'similar', consulted: false });
  });

  it('emits one event per step and keeps the state plain, serialisable and deterministic', async () => {
    const turns = ['laptop budget 8000', 'keyboard switches', 'laptop screen'];
    const a = await replay(turns);
    const b = await replay(turns);
    expect(a.state).toEqual(b.state);
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    expect(a.routed[1]?.events.map((e) => e.type)).toEqual([
      'topic',
      'similar',
      'branch',
      'context',
    ]);
    const d = deps();
    const r = await routeTurn(a.state, 'laptop ram', d);
    const c = await commitRound(r, 'Take 16GB.', d);
    expect(c.events).toEqual([
      expect.objectContaining({
        type: 'round',
        nodeId: 'n4',
        treeId: 't1',
        summarySource: 'extractive',
      }),
    ]);
    expect(c.node.assistant).toBe('Take 16GB.');
    // Routing never mutates its input.
    expect(a.state.rounds).toBe(3);
  });

  it('keeps the summary of a round with its numbers', async () => {
    const { state } = await replay([
      'Increase the laptop budget to 10,000 yuan, I want a better screen.',
    ]);
    expect(state.nodes.n1?.summary).toMatch(/^increase laptop budget 10000 yuan\b.*\.$/);
  });
});
