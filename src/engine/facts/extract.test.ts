import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import { ScriptedLlm } from '../testing/index.ts';
import { asTurnId } from '../types.ts';
import type { SessionExtraction } from '../types.ts';
import { extractAll, extractSessionFacts } from './extract.ts';
import { hikingSession, session } from './fixtures.test-support.ts';
import { extractionMessages } from './prompt.ts';

const PURPOSE = 'extract-facts';
const fact = (text: string, category: string, turns: unknown[]) => ({ text, category, turns });
const reply = (...facts: unknown[]) => JSON.stringify({ facts });

describe('extraction prompt', () => {
  it('puts one turn per line in a SESSION section, with the session time', () => {
    const [system, user] = extractionMessages(
      session(
        's9',
        [
          ['user', 'I am vegan.\nReally.'],
          ['assistant', 'x'.repeat(2000)],
        ],
        '2024-01-01',
      ),
    );
    expect(system?.content).toContain('"preference" | "circumstance" | "plan" | "event" | "other"');
    expect(user?.content).toContain('### SESSION TIME\n2024-01-01');
    expect(user?.content).toContain(
      '### SESSION\n[s9-t1] user: I am vegan. Really.\n[s9-t2] assistant: xxx',
    );
    expect(user?.content.length).toBeLessThan(1000);
  });
});

describe('extractSessionFacts', () => {
  it('extracts facts with ids, categories and provenance (scripted rules)', async () => {
    const llm = new ScriptedLlm();
    const result = await extractSessionFacts(llm, hikingSession);
    expect(result.status).toBe('ok');
    expect(result.attempts).toBe(1);
    expect(result.facts.map((f) => [f.id, f.text, f.category])).toEqual([
      ['s1/f0', 'The user loves hiking in the mountains.', 'preference'],
      ['s1/f1', "The user's dog Rex comes along.", 'circumstance'],
      ['s1/f2', 'Mostly near Oslo, where the user lives.', 'circumstance'],
    ]);
    expect(result.facts[0]?.sources).toEqual([
      { sessionId: 's1', turnIds: ['s1-t3'], time: '2024-05-01T10:00:00Z' },
    ]);
    expect(llm.calls.map((c) => c.purpose)).toEqual([PURPOSE]);
  });

  it('retries malformed JSON, then succeeds, counting attempts', async () => {
    const llm = new ScriptedLlm().enqueue(PURPOSE, 'Sorry, I cannot', '{"facts": 3}');
    const result = await extractSessionFacts(llm, hikingSession);
    expect(result).toMatchObject({ status: 'ok', attempts: 3 });
    expect(result.facts).toHaveLength(3);
  });

  it('records a failure with a readable error when retries run out', async () => {
    const llm = new ScriptedLlm().enqueue(PURPOSE, 'nope', 'still nope', '{"facts": [{}]}');
    const result = await extractSessionFacts(llm, hikingSession);
    expect(result).toMatchObject({ sessionId: 's1', status: 'failed', attempts: 3, facts: [] });
    expect(result.status === 'failed' && result.error).toMatch(
      /^Could not extract facts from session s1: The model's reply for "extract-facts" could not be used after 3 attempts: it does not match the schema: facts\[0\]\.text/,
    );
  });

  it('retries a bad category and a missing text', async () => {
    const llm = new ScriptedLlm().enqueue(
      PURPOSE,
      reply(fact('The user likes tea.', 'hobby', ['s1-t3'])),
      reply({ category: 'preference', turns: ['s1-t3'] }),
      reply(fact('The user likes tea.', 'Preference', ['s1-t3'])),
    );
    const result = await extractSessionFacts(llm, hikingSession);
    expect(result).toMatchObject({ status: 'ok', attempts: 3 });
    expect(result.facts[0]?.category).toBe('preference');
    expect(llm.calls[1]?.prompt).toMatch(/facts\[0\]\.category: Invalid option/);
    expect(llm.calls[2]?.prompt).toMatch(/facts\[0\]\.text: /);
  });

  it('drops unknown turn ids, and falls back to every user turn when none is valid', async () => {
    const llm = new ScriptedLlm().enqueue(
      PURPOSE,
      reply(
        fact('The user lives in Oslo', 'circumstance', ['s1-t5', 'bogus', '[s1-t3]', 's1-t5']),
        fact('The user owns a dog.', 'circumstance', ['t99']),
        { text: 'The user hikes.', category: 'preference' },
      ),
    );
    const result = await extractSessionFacts(llm, hikingSession);
    const userTurns = ['s1-t1', 's1-t3', 's1-t5'].map(asTurnId);
    expect(result.facts.map((f) => f.sources[0]?.turnIds)).toEqual([
      ['s1-t5', 's1-t3'],
      userTurns,
      userTurns,
    ]);
    expect(result.facts[0]?.text).toBe('The user lives in Oslo.');
  });

  it('accepts a bare array and numeric turn ids, and folds repeated facts', async () => {
    const numbered = session('s2', [
      ['user', 'I have two cats.'],
      ['user', 'Both cats are grey.'],
    ]);
    const turnless = {
      ...numbered,
      turns: numbered.turns.map((t, i) => ({ ...t, id: asTurnId(String(i + 1)) })),
    };
    const llm = new ScriptedLlm().enqueue(
      PURPOSE,
      JSON.stringify([
        fact('The user has two cats.', 'circumstance', [1]),
        fact('The user  has two cats', 'circumstance', ['2']),
      ]),
    );
    const result = await extractSessionFacts(llm, turnless);
    expect(result.facts).toHaveLength(1);
    expect(result.facts[0]?.sources).toEqual([{ sessionId: 's2', turnIds: ['1', '2'] }]);
  });

  it('returns empty without calling the LLM when there is no user text', async () => {
    const llm = new ScriptedLlm();
    const cases = [
      session('e1', []),
      session('e2', [['assistant', 'Hello, how can I help?']]),
      session('e3', [
        ['user', '   '],
        ['assistant', 'Hi'],
      ]),
    ];
    for (const s of cases) {
      expect(await extractSessionFacts(llm, s)).toEqual({
        sessionId: s.id,
        status: 'empty',
        facts: [],
        attempts: 0,
      });
    }
    expect(llm.calls).toHaveLength(0);
  });

  it('returns empty when the model finds no fact', async () => {
    const llm = new ScriptedLlm().enqueue(PURPOSE, '{"facts": []}');
    expect(await extractSessionFacts(llm, hikingSession)).toMatchObject({
      status: 'empty',
      attempts: 1,
    });
  });

  it('records a failing model call as a failed session', async () => {
    const llm = new ScriptedLlm().enqueue(PURPOSE, new Error('out of memory'));
    const result = await extractSessionFacts(llm, hikingSession);
    expect(result).toMatchObject({ status: 'failed', attempts: 1 });
    expect(result.status === 'failed' && result.error).toMatch(/failed: out of memory/);
  });

  it('stops on abort without retrying', async () => {
    const controller = new AbortController();
    controller.abort();
    const llm = new ScriptedLlm();
    await expect(
      extractSessionFacts(llm, hikingSession, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(llm.calls).toHaveLength(0);
  });
});

describe('extractAll', () => {
  const sessions = [
    hikingSession,
    session('s2', [['user', 'I work as a nurse in Bergen.']]),
    session('s3', [['assistant', 'Anything else?']]),
  ];

  it('runs every session in order, recording failures beside successes', async () => {
    const llm = new ScriptedLlm().enqueue(PURPOSE, 'bad', 'bad', 'bad');
    const progress: [number, number, string][] = [];
    const outcomes = await extractAll(llm, sessions, {
      onProgress: ({ done, total, outcome }) => progress.push([done, total, outcome.status]),
    });
    expect(outcomes.map((o) => [o.sessionId, o.status])).toEqual([
      ['s1', 'failed'],
      ['s2', 'ok'],
      ['s3', 'empty'],
    ]);
    expect(progress).toEqual([
      [1, 3, 'failed'],
      [2, 3, 'ok'],
      [3, 3, 'empty'],
    ]);
    expect(outcomes[1]?.facts[0]?.text).toBe('The user works as a nurse in Bergen.');
  });

  it('stops at the abort, keeping what progress reported', async () => {
    const controller = new AbortController();
    const seen: SessionExtraction[] = [];
    const run = extractAll(new ScriptedLlm(), sessions, {
      signal: controller.signal,
      onProgress: ({ outcome }) => {
        seen.push(outcome);
        controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortError);
    expect(seen.map((o) => o.sessionId)).toEqual(['s1']);
  });
});
