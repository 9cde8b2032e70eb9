import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import { emptyDiscourse } from './forest.ts';
import { KeywordEmbedder } from './keyword-embedder.test-support.ts';
import { commitRound, discourseDeps, routeTurn } from './turn.ts';
import type { DiscourseState } from './types.ts';

const embedder = new KeywordEmbedder(['laptop', 'budget', 'screen', 'ram', 'keyboard', 'oled']);
const history = [
  'laptop budget budget 8000',
  'laptop laptop screen oled',
  'laptop laptop ram ram 32GB',
];
/** Same vector as the first round: the best similar node is n1, an earlier ancestor. */
const refinement = 'Forget it: budget budget laptop 9000 instead';

async function build(llm: ScriptedLlm): Promise<DiscourseState> {
  const deps = discourseDeps({ embedder, llm });
  let state = emptyDiscourse();
  for (const q of history) {
    const r = await routeTurn(state, q, deps);
    state = (await commitRound(r, `Noted: ${q}.`, deps)).state;
  }
  return state;
}

describe('LLM decisions (the paper), with the scripted LLM', () => {
  it('asks the topic check per path and the controller only when a branch change is plausible', async () => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    expect(Object.values(state.nodes).map((n) => n.treeId)).toEqual(['t1', 't1', 't1']);
    expect(llm.callsFor('discourse-decide')).toHaveLength(0);
    expect(llm.callsFor('summarise-round')).toHaveLength(3);
    expect(state.nodes.n1?.summary).toBe('Laptop budget budget 8000.');

    const routed = await routeTurn(state, refinement, discourseDeps({ embedder, llm }));
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

  it('switches topic and comes back by the LLM topic check', async () => {
    const llm = new ScriptedLlm();
    const deps = discourseDeps({ embedder, llm });
    let state = emptyDiscourse();
    const topics = [];
    for (const q of ['laptop budget 8000', 'keyboard keyboard', 'laptop screen oled']) {
      const r = await routeTurn(state, q, deps);
      topics.push(r.topic);
      state = (await commitRound(r, '', deps)).state;
    }
    expect(topics).toEqual(['first', 'new-tree', 'other-tree']);
    expect(state.nodes.n3).toMatchObject({ treeId: 't1', parentId: 'n1' });
    // The current tree (t2) is checked first, then t1's path.
    expect(
      llm
        .callsFor('discourse-topic')
        .slice(-2)
        .map((c) => c.prompt),
    ).toEqual([
      expect.stringContaining('### HISTORY\nKeyboard keyboard.'),
      expect.stringContaining('### HISTORY\nLaptop budget 8000.'),
    ]);
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
    const routed = await routeTurn(state, refinement, discourseDeps({ embedder, llm }));
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
    const routed = await routeTurn(state, refinement, discourseDeps({ embedder, llm }));
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
    const routed = await routeTurn(state, refinement, discourseDeps({ embedder, llm }));
    expect(routed.decision).toMatchObject({ action: 'CREATE_BRANCH', forkNodeId: 'n1' });
    llm.enqueue(
      'discourse-decide',
      '{"action": "SWITCH_BRANCH", "target_branch_id": "zz", "reason": "r"}',
    );
    const switched = await routeTurn(state, refinement, discourseDeps({ embedder, llm }));
    expect(switched.decision).toMatchObject({ action: 'SWITCH_BRANCH', targetBranchId: 'b1' });
  });

  it('judges a path by the embedding rule when the topic reply is unusable', async () => {
    const llm = new ScriptedLlm();
    const state = await build(llm);
    llm.enqueue('discourse-topic', 'maybe', 'still maybe');
    const routed = await routeTurn(state, 'keyboard keyboard', discourseDeps({ embedder, llm }));
    const topic = routed.events.find((e) => e.type === 'topic');
    expect(topic).toMatchObject({ outcome: 'new-tree' });
    expect(topic?.type === 'topic' && topic.checks[0]?.source).toBe('fallback');
  });

  it('summarises with the extractive summary when the summary call fails', async () => {
    const llm = new ScriptedLlm();
    const deps = discourseDeps({ embedder, llm });
    llm.enqueue('summarise-round', new Error('out of memory'));
    const r = await routeTurn(emptyDiscourse(), 'Set the budget to 9,000 yuan.', deps);
    const c = await commitRound(r, 'Done.', deps);
    expect(c.node.summary).toBe('set budget 9000 yuan.');
    expect(c.events[0]).toMatchObject({ summarySource: 'extractive' });
  });
});
