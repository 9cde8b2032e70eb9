import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import { catalogueFixture, songSession } from './fixtures.test-support.ts';
import { describeIntent, describeSession, missingQuestions } from './llm-memory.ts';
import { findIntent } from './sgd-schema.ts';

const slots = findIntent(catalogueFixture(), 'PlayMedia')?.slots ?? [];

describe('LLM task memory', () => {
  it('writes the intent and slot QA pairs of a session, with provenance', async () => {
    const llm = new ScriptedLlm();
    const {
      value: unit,
      error,
      llmCalls,
    } = await describeSession(songSession, { llm, slots, intentLabel: 'PlayMedia' });
    expect(error).toBeUndefined();
    expect(llmCalls).toBe(2);
    expect(unit.intent).toBe('The user intends to: Can you play the song Black Widow?');
    expect(unit.activationText).toBeUndefined();
    expect(unit.provenance).toMatchObject({ sessionId: 'p/S1', method: 'llm' });
    expect(unit.qa.map((q) => [q.slot, q.answer])).toEqual([
      ['song_name', 'Can you play the song Black Widow?'],
      // The scripted rule pairs a slot with the first user line sharing a word ("play").
      ['playback_device', 'Can you play the song Black Widow?'],
    ]);
    expect(llm.callsFor('task-qa')[0]?.prompt).toContain(
      '### SLOTS\nsong_name: What is the name of the song?',
    );
  });

  it('falls back to the extractive unit when the replies stay malformed, and says so', async () => {
    const llm = new ScriptedLlm({
      responses: { 'task-intent': ['nope', 'nope'], 'task-qa': ['{"qa": 3}', '[]x'] },
    });
    const { value: unit, error } = await describeSession(songSession, {
      llm,
      slots,
      maxAttempts: 2,
    });
    expect(error).toMatch(/task-intent.*task-qa/s);
    expect(unit.provenance.method).toBe('extractive');
    expect(unit.intent).toBe('Can you play the song Black Widow? Play it on the bedroom speaker.');
    expect(unit.qa.length).toBeGreaterThan(0);
    expect(unit.activationText).toContain('Black Widow');
  });

  it('describes the current intent and lists the open slot questions', async () => {
    const llm = new ScriptedLlm();
    const turns = songSession.turns.slice(0, 1);
    expect((await describeIntent(turns, { llm })).value).toMatch(/^The user intends to/);
    expect((await missingQuestions(turns, slots, { llm })).value).toEqual([
      'What is the playback device on which the song is to be played?',
    ]);
    const broken = new ScriptedLlm({ responses: { 'task-missing': ['x'], 'task-intent': ['x'] } });
    const missing = await missingQuestions(turns, slots, { llm: broken, maxAttempts: 1 });
    expect(missing.value).toEqual(slots.map((s) => s.question));
    expect(missing.error).toBeDefined();
    const intent = await describeIntent(turns, { llm: broken, maxAttempts: 1 });
    expect(intent.value).toBe('Can you play the song Black Widow?');
  });
});
