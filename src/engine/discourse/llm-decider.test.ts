import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import { emptyDiscourse } from './forest.ts';
import { KeywordEmbedder } from './keyword-embedder.test-support.ts';
import { commitRound, discourseDeps, routeTurn } from './turn.ts';
import type { DiscourseSettings } from './settings.ts';
import type { DiscourseState } from './types.ts';

const embedder = new KeywordEmbedder(['laptop', 'budget', 'screen', 'ram', 'keyboard', 'oled']);
const history = [
  'laptop budget budget 8000',
  'laptop laptop screen oled',
  'laptop laptop ram ram 32GB',
];
/** Same vector as the first round: the best similar node is n1, an earlier ancestor. */
const refinement = 'Forget it: budget budget laptop 9000 instead';

/** Thresholds fit for the keyword embedder's exact cosines (the defaults suit GloVe). */
const settings = { topicThreshold: 0.3, topicFloor: 0.25, topicCeiling: 0.35, wordWeight: 0 };
const deps = (llm: ScriptedLlm, more: Partial<DiscourseSettings> = {}) =>
  discourseDeps({ embedder, llm, settings: { ...settings, ...more } });

async function build(llm: ScriptedLlm): Promise<DiscourseState> {
  let state = emptyDiscourse();
  for (const q of history) {
    const r = await routeTurn(state, q, deps(llm));
    state = (await commitRound(r, `Noted: ${q}.`, deps(llm))).state;
  }
  return state;
}

describe('LLM decisions (the paper), with the scripted LLM', () => {
  it('asks no topic call when the embedding is clear, and the controller only when a branch change is plausible', async () => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    expect(Object.values(state.nodes).map((n) => n.treeId)).toEqual(['t1', 't1', 't1']);
    expect(llm.callsFor('discourse-topic')).toHaveLength(0);
    expect(llm.callsFor('discourse-decide')).toHaveLength(0);
    expect(llm.callsFor('summarise-round')).toHaveLength(3);
    expect(state.nodes.n1?.summary).toBe('Laptop budget budget 8000.');

    const routed = await routeTurn(state, refinement, deps(llm));
    expect(llm.callsFor('discourse-decide')).toHaveLength(1);
    expect(llm.callsFor('discourse-decide')[0]?.prompt).toContain(
      '### CANDIDATES\n[n1] (branch b1, similarity 1.00)',
    );
    expect(routed.decision).toMatchObject({
      action: 'CREATE_BRANCH',
      forkNodeId: 'n1',
      source: 'llm',
    });
    expect(routed.context.pathNodeIds).toEqual(['n1']);
    // Full messages on the path: the user turn and the assistant reply.
    expect(routed.context.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
  });

  it('asks one topic call over the candidates when two topics tie, and follows its answer', async () => {
    const llm = new ScriptedLlm();
    let state = emptyDiscourse();
    for (const q of ['laptop 8000', 'keyboard switches']) {
      const r = await routeTurn(state, q, deps(llm));
      state = (await commitRound(r, '', deps(llm))).state;
    }
    expect(state.trees.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(llm.callsFor('discourse-topic')).toHaveLength(0);

    // "laptop keyboard" is as close to one tree as to the other (the embedder knows neither
    // "8000" nor "switches"): the LLM is asked, once.
    llm.enqueue('discourse-topic', '{"topic": "2"}');
    const routed = await routeTurn(state, 'laptop keyboard', deps(llm));
    const [call] = llm.callsFor('discourse-topic');
    expect(llm.callsFor('discourse-topic')).toHaveLength(1);
    expect(call?.prompt).toContain(
      '### TOPICS\n1. (current topic) Keyboard switches.\n2. Laptop 8000.\n0. None of these: a new topic.\n### QUERY\nlaptop keyboard',
    );
    expect(routed.topic).toBe('other-tree');
    expect(routed.state.activeTreeId).toBe('t1');
    expect(routed.events.find((e) => e.type === 'topic')).toMatchObject({
      source: 'llm',
      checks: [
        { treeId: 't2', leafId: 'n2' },
        { treeId: 't1', leafId: 'n1' },
      ],
    });
  });

  it.each([
    ['not JSON at all', 'I think you should branch.'],
    ['an unknown action', '{"action": "JUMP", "reason": "?"}'],
    ['a missing action', '{"fork_node_id": "n1"}'],
    ['a truncated reply', '{"action": "CREATE_BRA'],
  ])('falls back to CONTINUE on %s', async (_label, reply) => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    llm.enqueue('discourse-decide', reply, reply);
    const routed = await routeTurn(state, refinement, deps(llm));
    expect(routed.decision).toMatchObject({ action: 'CONTINUE', source: 'fallback' });
    expect(routed.decision.reason).toMatch(/fell back to CONTINUE/);
    expect(routed.context.pathNodeIds).toEqual(['n1', 'n2', 'n3']);
    const branch = routed.events.find((e) => e.type === 'branch');
    expect(branch).toMatchObject({ parentId: 'n3', branchId: 'b1' });
  });

  it('falls back to CONTINUE when the model call fails', async () => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    llm.enqueue('discourse-decide', new Error('endpoint unreachable'));
    const routed = await routeTurn(state, refinement, deps(llm));
    expect(routed.decision).toMatchObject({ action: 'CONTINUE', source: 'fallback' });
    expect(routed.decision.reason).toContain('endpoint unreachable');
  });

  it('replaces ids the model invents, as the reference does', async () => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    llm.enqueue(
      'discourse-decide',
      '{"action": "create branch", "fork_node_id": "n99", "reason": "r"}',
    );
    const routed = await routeTurn(state, refinement, deps(llm));
    expect(routed.decision).toMatchObject({ action: 'CREATE_BRANCH', forkNodeId: 'n1' });
    llm.enqueue(
      'discourse-decide',
      '{"action": "SWITCH_BRANCH", "target_branch_id": "zz", "reason": "r"}',
    );
    const switched = await routeTurn(state, refinement, deps(llm));
    expect(switched.decision).toMatchObject({ action: 'SWITCH_BRANCH', targetBranchId: 'b1' });
  });

  it.each([
    ['not JSON', ['maybe', 'still maybe']],
    ['a topic that was not listed', ['{"topic": 3}', '{"topic": 9}']],
    ['a failing call', [new Error('endpoint unreachable')]],
  ])('keeps the embedding choice when the topic reply is %s', async (_label, replies) => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    // The only tree scores 0.375 for this query: between a floor of 0.2 and a ceiling of 0.4.
    llm.enqueue('discourse-topic', ...replies);
    const routed = await routeTurn(
      state,
      'laptop keyboard keyboard',
      deps(llm, { topicFloor: 0.2, topicCeiling: 0.4 }),
    );
    expect(llm.callsFor('discourse-topic')).toHaveLength(replies.length);
    const topic = routed.events.find((e) => e.type === 'topic');
    expect(topic).toMatchObject({ outcome: 'same-tree', source: 'fallback' });
    expect(topic?.type === 'topic' && topic.reason).toMatch(/Embedding choice: current topic t1/);
  });

  it('summarises with the extractive summary when the summary call fails', async () => {
    const llm = new ScriptedLlm();
    llm.enqueue('summarise-round', new Error('out of memory'));
    const r = await routeTurn(emptyDiscourse(), 'Set the budget to 9,000 yuan.', deps(llm));
    const c = await commitRound(r, 'Done.', deps(llm));
    expect(c.node.summary).toBe('set budget 9000 yuan.');
    expect(c.events[0]).toMatchObject({ summarySource: 'extractive' });
  });
});
