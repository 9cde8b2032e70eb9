import { describe, expect, it } from 'vitest';
import { parseNtm } from '../datasets/ntm.ts';
import { KeywordEmbedder } from '../discourse/keyword-embedder.test-support.ts';
import { discourseDeps } from '../discourse/turn.ts';
import { ScriptedLlm } from '../testing/index.ts';
import {
  NTM_JUDGE_PURPOSE,
  NTM_REPLY_PURPOSE,
  ntmDialogues,
  replayNtmDialogue,
  summariseNtm,
} from './ntm-eval.ts';

const dialogue = {
  conversation_id: 'c1',
  metadata: { rounds: '5' },
  user_turns: [
    { turn_id: 1, content: 'Recommend a laptop with a budget of 8000 yuan and 16GB ram.' },
    { turn_id: 2, content: 'Which keyboard switches are quieter?' },
    { turn_id: 3, content: 'Back to the laptop: raise the budget to 9000 yuan.' },
    { turn_id: 4, content: 'Are keyboard switches hot-swappable?' },
    { turn_id: 5, content: 'What laptop should I buy in the end?' },
  ],
  checkpoint_question:
    'Does the recommendation include (1) a laptop with a budget of 9000 yuan and (2) 16GB ram?',
};
const file = 'ntm-test.jsonl';
const dataset = parseNtm(`${JSON.stringify(dialogue)}\n`, file);
const embedder = new KeywordEmbedder(['laptop', 'budget', 'ram', 'keyboard', 'switches', 'yuan']);

describe('NTM replay', () => {
  it('rebuilds the dialogues from the shared loader', () => {
    const [d] = ntmDialogues(dataset);
    expect(d?.turns).toHaveLength(5);
    expect(d?.turns.at(-1)).toBe('What laptop should I buy in the end?');
    expect(d?.checkpoint).toContain('(1) a laptop');
  });

  it('measures context against the linear history, goal coverage and decisions without an LLM', async () => {
    const [d] = ntmDialogues(dataset);
    if (!d) throw new Error('no dialogue');
    const deps = discourseDeps({ embedder, settings: { topicThreshold: 0.3 } });
    const row = await replayNtmDialogue(d, { deps });
    expect(row).toMatchObject({
      conversation_id: 'ntm-c1',
      turns: 5,
      goals: 2,
      trees: 2,
      judged: null,
    });
    expect(row.decisions).toMatchObject({
      new_tree: 2,
      same_tree: 0,
      other_tree: 3,
      continue: 5,
      fallback: 0,
    });
    expect(row.context_tokens_mean).toBeGreaterThan(0);
    expect(row.linear_tokens_mean).toBeGreaterThan(0);
    expect(row.goals_covered).toBe(2);
    expect(row.linear_goals_covered).toBe(2);
    expect(row.llm_decisions).toEqual({ topic: 0, branch: 0, most_in_a_turn: 0 });
    expect(row).not.toHaveProperty('final_reply');
    const summary = summariseNtm([row], {
      embedder: 'e',
      llm: 'none',
      decider: 'embedding-only',
      notes: [],
    });
    expect(summary).toMatchObject({
      dataset: 'ntm',
      conversations: 1,
      goal_coverage: 1,
      linear_goal_coverage: 1,
      task_completion: null,
    });
    expect(summary.token_ratio).toBeCloseTo(row.context_tokens_mean / row.linear_tokens_mean, 2);
  });

  it('generates replies and judges the final one with an LLM', async () => {
    const [d] = ntmDialogues(dataset);
    if (!d) throw new Error('no dialogue');
    const llm = new ScriptedLlm({
      rules: {
        [NTM_REPLY_PURPOSE]: () => 'A laptop for 9000 yuan with 16GB ram.',
        [NTM_JUDGE_PURPOSE]: () => '{"satisfied": 2, "total": 2}',
      },
    });
    const deps = discourseDeps({ embedder, llm });
    const row = await replayNtmDialogue(d, { deps, replyLlm: llm, judgeLlm: llm });
    expect(llm.callsFor(NTM_REPLY_PURPOSE)).toHaveLength(5);
    expect(row.judged).toEqual({ satisfied: 2, total: 2 });
    expect(row.final_reply).toBe('A laptop for 9000 yuan with 16GB ram.');
    // The scripted replies are always readable: one call per LLM decision.
    expect(row.llm_decisions).toEqual({
      topic: llm.callsFor('discourse-topic').length,
      branch: llm.callsFor('discourse-decide').length,
      most_in_a_turn: expect.any(Number),
    });
    expect(row.llm_decisions.topic).toBeGreaterThan(0);
    const summary = summariseNtm([row], { embedder: 'e', llm: 's', decider: 'llm', notes: [] });
    expect(summary.task_completion).toBe(1);
    expect(summary.llm_decisions_per_turn.topic).toBeCloseTo(row.llm_decisions.topic / 5, 3);
    expect(summary.llm_decisions_per_turn.most_in_a_turn).toBeLessThanOrEqual(2);
  });
});
