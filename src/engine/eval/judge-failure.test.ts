/**
 * Issue 23: a judge call that fails (the server down, no model) fails its question in every
 * evaluation: recorded with its error, never scored as a keep. Unreadable output is another
 * thing: the judge's fallback stands, and the run counts it per purpose (watched-llm.ts).
 */
import { describe, expect, it } from 'vitest';
import { syntheticLocomo } from '../datasets/fixtures.test-support.ts';
import { parseImplexConv } from '../datasets/implexconv.ts';
import { parseLocomo } from '../datasets/locomo.ts';
import { parseMsTodPersonas } from '../datasets/ms-tod.ts';
import { parseNtm } from '../datasets/ntm.ts';
import { KeywordEmbedder } from '../discourse/keyword-embedder.test-support.ts';
import { discourseDeps } from '../discourse/turn.ts';
import { LlmCallError } from '../errors.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import { createLlmJudge } from '../task-memory/judge.ts';
import { catalogueFixture } from '../task-memory/fixtures.test-support.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import type { EvalMethod } from './methods.ts';
import { runMsTodEvalWithFailures } from './ms-tod-eval.ts';
import { msTodFixtureText } from './ms-tod-fixture.test-support.ts';
import {
  NTM_JUDGE_PURPOSE,
  NTM_REPLY_PURPOSE,
  ntmDialogues,
  replayNtmDialogue,
} from './ntm-eval.ts';
import { runEval, type FailedRow } from './run-eval.ts';
import { watchedLlm } from './watched-llm.ts';

const serverDown = () => {
  throw new Error('connect ECONNREFUSED 127.0.0.1:1');
};
const embedder = new HashEmbedder();

/** An IMPLEXCONV conversation as long as the synthetic LoCoMo one, so the tree has levels. */
function syntheticImplexConv(sessions: number) {
  const conversation = Array.from(
    { length: sessions },
    (_, i) =>
      `Speaker1: I talked about topic ${i} and hobby ${i % 7} today.\nAssistant: Noted ${i}.`,
  );
  return parseImplexConv(
    JSON.stringify([
      {
        conversation,
        qa: [
          { question: 'What about hobby 3?', answer: 'hobby 3', retrieved_conv: [3] },
          { question: 'And topic 12?', answer: 'topic 12', retrieved_conv: [12] },
        ],
      },
    ]),
    'implexconv.json',
  );
}

const datasets = {
  locomo: parseLocomo(JSON.stringify([syntheticLocomo(30)]), 'syn.json'),
  implexconv: syntheticImplexConv(30),
};

describe('a judge call that fails fails its question', () => {
  for (const [name, dataset] of Object.entries(datasets)) {
    for (const [method, purpose] of [
      ['tacitree-llm', LLM_PURPOSES.judgeNode],
      ['tacitree-listwise', LLM_PURPOSES.judgeChildren],
    ] as const satisfies readonly (readonly [EvalMethod, string])[]) {
      it(`${name}, ${method}: recorded with its error, not scored`, async () => {
        const llm = new ScriptedLlm({ rules: { [purpose]: serverDown } });
        const failures: FailedRow[] = [];
        const { rows, failed, selected } = await runEval({
          dataset,
          method,
          mode: { kind: 'llm', llm },
          embedder,
          k: 5,
          seed: 42,
          limit: 2,
          onFailure: (f) => void failures.push(f),
        });
        expect(llm.callsFor(purpose).length).toBeGreaterThan(0);
        expect(rows).toEqual([]);
        expect(failed.map((f) => f.question_id)).toEqual(selected.map((q) => q.id));
        expect(failures).toEqual(failed);
        expect(failed[0]?.error).toMatch(/failed: connect ECONNREFUSED/);
      });
    }
  }

  it('a build whose extraction call failed is not scored either (watched calls)', async () => {
    const llm = watchedLlm(new ScriptedLlm({ rules: { [LLM_PURPOSES.extractFacts]: serverDown } }));
    const { rows, failed } = await runEval({
      dataset: datasets.locomo,
      method: 'flat-facts',
      mode: { kind: 'none' },
      memoryLlm: llm,
      calls: llm,
      embedder,
      k: 5,
      seed: 42,
      limit: 2,
    });
    expect(rows).toEqual([]);
    expect(failed).toHaveLength(2);
    expect(failed[0]?.error).toMatch(/a model call failed: .*ECONNREFUSED/);
  });

  it('MS-TOD: the LLM judge that throws fails the question, recorded, not scored', async () => {
    const llm = new ScriptedLlm({ rules: { [LLM_PURPOSES.taskJudge]: serverDown } });
    const failures: FailedRow[] = [];
    const { rows, failed } = await runMsTodEvalWithFailures({
      personas: parseMsTodPersonas(msTodFixtureText(), 'persona_7.json'),
      catalogue: catalogueFixture(),
      method: 'map-embedding',
      embedder,
      judge: createLlmJudge({ llm }),
      k: 1,
      onFailure: (f) => void failures.push(f),
    });
    expect(rows).toEqual([]);
    expect(failed.length).toBeGreaterThan(0);
    expect(failures).toEqual(failed);
    expect(failed[0]).toMatchObject({
      question_id: expect.stringMatching(/^persona-7#/),
      error: expect.stringMatching(/"task-judge" failed: connect ECONNREFUSED/),
    });
  });

  it('NTM: a judge call that throws fails the dialogue instead of scoring 0 goals', async () => {
    const line = {
      conversation_id: 'c1',
      metadata: { rounds: '2' },
      user_turns: [
        { turn_id: 1, content: 'Recommend a laptop with 16GB ram.' },
        { turn_id: 2, content: 'What laptop should I buy?' },
      ],
      checkpoint_question: 'Does the recommendation include (1) a laptop with 16GB ram?',
    };
    const [dialogue] = ntmDialogues(parseNtm(`${JSON.stringify(line)}\n`, 'ntm.jsonl'));
    if (!dialogue) throw new Error('no dialogue');
    const llm = new ScriptedLlm({
      rules: {
        [NTM_REPLY_PURPOSE]: () => 'A laptop with 16GB ram.',
        [NTM_JUDGE_PURPOSE]: serverDown,
      },
    });
    const deps = discourseDeps({ embedder: new KeywordEmbedder(['laptop', 'ram']) });
    await expect(
      replayNtmDialogue(dialogue, { deps, replyLlm: llm, judgeLlm: llm }),
    ).rejects.toBeInstanceOf(LlmCallError);
  });

  it('unreadable judge output keeps its fallback and is counted per purpose', async () => {
    const llm = watchedLlm(
      new ScriptedLlm({ rules: { [LLM_PURPOSES.judgeNode]: () => 'no idea, sorry' } }),
    );
    const { rows, failed } = await runEval({
      dataset: datasets.locomo,
      method: 'tacitree-llm',
      mode: { kind: 'llm', llm },
      calls: llm,
      embedder,
      k: 5,
      seed: 42,
      limit: 1,
    });
    expect(failed).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(llm.unreadable()[LLM_PURPOSES.judgeNode]).toBeGreaterThan(0);
  });
});
