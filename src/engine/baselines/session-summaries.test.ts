import { describe, expect, it } from 'vitest';
import type { Completion, CompletionRequest, LlmPort } from '../ports.ts';
import { readSection } from '../prompt-sections.ts';
import { asSessionId, asTurnId, type Session } from '../types.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import { ScriptedLlm } from '../testing/index.ts';
import { fallbackSummary, summarisePrompt, summariseSessions } from './session-summaries.ts';
import { abortedSignal, EMPTY, S1, S2, S3 } from './test-corpus.test-support.ts';

/** Answers each request with `reply(sessionBody)`; records the requests. */
function fakeLlm(reply: (session: string, request: CompletionRequest) => string | Error) {
  const requests: CompletionRequest[] = [];
  const llm: LlmPort & { requests: CompletionRequest[] } = {
    id: 'fake',
    requests,
    async complete(request): Promise<Completion> {
      requests.push(request);
      const prompt = request.messages.at(-1)?.content ?? '';
      const answer = reply(readSection(prompt, 'SESSION') ?? '', request);
      if (answer instanceof Error) throw answer;
      return { text: answer, promptTokens: 50, completionTokens: 7 };
    },
    completeStructured() {
      throw new Error('not used');
    },
    countTokens: (text) => text.length,
  };
  return llm;
}

describe('summarisePrompt', () => {
  it('puts the turns in a SESSION section as [turnId] speaker: text', () => {
    expect(readSection(summarisePrompt(S1), 'SESSION')).toBe(
      '[s1-t1] user: I adopted a dog named Rex last spring.\n[s1-t2] assistant: Congratulations on Rex!',
    );
    const timed: Session = { ...S1, time: '2024-03-01T10:00:00Z' };
    expect(readSection(summarisePrompt(timed), 'SESSION TIME')).toBe('2024-03-01T10:00:00Z');
  });
});

describe('summariseSessions', () => {
  it('summarises each session with a bounded, tagged call', async () => {
    const llm = fakeLlm((body) => `  Summary of\n ${body.slice(1, 6)}.  `);
    const progress: number[] = [];
    const out = await summariseSessions(llm, [S1, S2], {
      onProgress: (done) => progress.push(done),
    });
    expect(out).toEqual([
      { sessionId: 's1', status: 'ok', text: 'Summary of s1-t1.', tokens: 57 },
      { sessionId: 's2', status: 'ok', text: 'Summary of s2-t1.', tokens: 57 },
    ]);
    expect(progress).toEqual([1, 2]);
    for (const request of llm.requests) {
      expect(request.purpose).toBe(LLM_PURPOSES.summariseSession);
      expect(request.maxTokens).toBe(120);
      expect(request.messages[0]?.role).toBe('system');
    }
    await summariseSessions(llm, [S1], { maxTokens: 40 });
    expect(llm.requests.at(-1)?.maxTokens).toBe(40);
  });

  it('follows the prompt contract of the scripted LLM', async () => {
    const llm = new ScriptedLlm();
    const out = await summariseSessions(llm, [S1, S3]);
    expect(out.map((s) => s.status)).toEqual(['ok', 'ok']);
    expect(out[0]?.text).toMatch(/dog named Rex/);
    expect(out[1]?.text).toMatch(/dog hates the rain/);
    expect(llm.callsFor(LLM_PURPOSES.summariseSession)).toHaveLength(2);
  });

  it('falls back to the opening user turns of a failed session, flagged, and goes on', async () => {
    const llm = new ScriptedLlm().enqueue(
      LLM_PURPOSES.summariseSession,
      'fine',
      new Error('model crashed'),
    );
    const out = await summariseSessions(llm, [S1, S2, S3]);
    expect(out.map((s) => s.status)).toEqual(['ok', 'fallback', 'ok']);
    expect(out[1]).toEqual({
      sessionId: 's2',
      status: 'fallback',
      text: 'I am training for a marathon in Oslo.',
      tokens: 0,
      error: 'model crashed',
    });
  });

  it('falls back on an empty answer, and skips the call for an empty session', async () => {
    const llm = fakeLlm(() => '   ');
    const out = await summariseSessions(llm, [S1, EMPTY]);
    expect(out[0]).toMatchObject({
      status: 'fallback',
      text: 'I adopted a dog named Rex last spring.',
      tokens: 57,
    });
    expect(out[1]).toEqual({ sessionId: 's-empty', status: 'empty', text: '', tokens: 0 });
    expect(llm.requests).toHaveLength(1);
  });

  it('rejects with an AbortError when cancelled, before or during a call', async () => {
    const llm = fakeLlm(() => 'fine');
    await expect(summariseSessions(llm, [S1], { signal: abortedSignal() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(llm.requests).toHaveLength(0);

    const controller = new AbortController();
    const cancelling = fakeLlm(() => {
      controller.abort();
      return new Error('request cancelled');
    });
    await expect(
      summariseSessions(cancelling, [S1, S2], { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(cancelling.requests).toHaveLength(1);
  });
});

describe('fallbackSummary', () => {
  it('keeps the first user turns, or the first turns when the user never spoke', () => {
    const session: Session = {
      id: asSessionId('x'),
      turns: [
        { id: asTurnId('x1'), speaker: 'assistant', text: 'Hello.' },
        { id: asTurnId('x2'), speaker: 'user', text: 'I like tea.' },
        { id: asTurnId('x3'), speaker: 'user', text: ' I live in Oslo. ' },
        { id: asTurnId('x4'), speaker: 'user', text: 'Bye.' },
      ],
    };
    expect(fallbackSummary(session)).toBe('I like tea. I live in Oslo.');
    expect(fallbackSummary(session, 1)).toBe('I like tea.');
    const assistantOnly: Session = { id: asSessionId('y'), turns: [session.turns[0]!] };
    expect(fallbackSummary(assistantOnly)).toBe('Hello.');
  });
});
