import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AbortError, LlmCallError, LlmOutputError } from './errors.ts';
import { callStructured, extractJson, formatIssues, parseStructured } from './json-output.ts';
import type { Completion, LlmPort, StructuredRequest } from './ports.ts';
import { ScriptedLlm } from './testing/index.ts';

const schema = z.object({ answer: z.string().min(1), score: z.number().int() });
const messages = [{ role: 'user', content: 'Give me JSON.' }] as const;
const call = { messages, schema, maxTokens: 64, purpose: 'test' };

describe('extractJson', () => {
  it('reads plain JSON, code fences, leading prose and think blocks', () => {
    expect(extractJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('```json\n{"a": [1, 2]}\n```')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(extractJson('Sure! Here it is: [1, {"b": "}"}] hope that helps')).toEqual({
      ok: true,
      value: [1, { b: '}' }],
    });
    expect(extractJson('<think>maybe {x}?</think>{"a": "\\"q\\""}')).toEqual({
      ok: true,
      value: { a: '"q"' },
    });
  });

  it('passes over bracketed prose that is not JSON', () => {
    expect(extractJson('Note [sic] the answer: {"a": true}')).toEqual({
      ok: true,
      value: { a: true },
    });
  });

  it('explains what is wrong otherwise', () => {
    expect(extractJson('no json here')).toEqual({
      ok: false,
      error: 'it contains no JSON object or array',
    });
    const cut = extractJson('{"facts": [{"text": "The user');
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.error).toMatch(/cut off/);
    const bad = extractJson("{'a': 1}");
    expect(!bad.ok && bad.error).toMatch(/not valid JSON/);
  });
});

describe('parseStructured', () => {
  it('validates with zod and names the failing path', () => {
    expect(parseStructured('{"answer": "x", "score": 2}', schema)).toEqual({
      ok: true,
      value: { answer: 'x', score: 2 },
    });
    const result = parseStructured('{"answer": "", "score": 1.5}', schema);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(
      /^it does not match the schema: answer: .*; score: /,
    );
  });

  it('formats nested paths', () => {
    const nested = z.object({ facts: z.array(z.object({ text: z.string() })) });
    const r = nested.safeParse({ facts: [{ text: 1 }] });
    expect(r.success).toBe(false);
    if (!r.success) expect(formatIssues(r.error)).toMatch(/^facts\[0\]\.text: /);
  });
});

describe('callStructured', () => {
  it('returns the validated value, sending the JSON schema and purpose to the port', async () => {
    const llm = new ScriptedLlm().enqueue(
      'test',
      'Here you go:\n```json\n{"answer": "yes", "score": 3}\n```',
    );
    const requests: StructuredRequest[] = [];
    const spy: LlmPort = {
      id: llm.id,
      complete: (r) => llm.complete(r),
      countTokens: (t) => llm.countTokens(t),
      completeStructured: (r) => {
        requests.push(r);
        return llm.completeStructured(r);
      },
    };
    const result = await callStructured(spy, call);
    expect(result).toMatchObject({ ok: true, value: { answer: 'yes', score: 3 }, attempts: 1 });
    expect(result.promptTokens).toBeGreaterThan(0);
    expect(result.completionTokens).toBeGreaterThan(0);
    expect(requests[0]?.purpose).toBe('test');
    expect(requests[0]?.maxTokens).toBe(64);
    expect(requests[0]?.schema).toMatchObject({
      type: 'object',
      properties: { answer: { type: 'string' }, score: { type: 'integer' } },
      required: ['answer', 'score'],
    });
  });

  it('retries malformed output with a correction quoting the error, then succeeds', async () => {
    const llm = new ScriptedLlm().enqueue('test', 'not json', '{"answer": "ok", "score": 1}');
    const result = await callStructured(llm, call);
    expect(result).toMatchObject({ ok: true, attempts: 2, value: { answer: 'ok', score: 1 } });
    expect(llm.calls).toHaveLength(2);
    const retryPrompt = llm.calls[1]?.prompt ?? '';
    expect(retryPrompt).toContain('Give me JSON.');
    expect(retryPrompt).toContain('not json');
    expect(retryPrompt).toContain('could not be used: it contains no JSON object or array');
  });

  it('retries schema violations and gives up after maxAttempts with a readable error', async () => {
    const llm = new ScriptedLlm().enqueue(
      'test',
      '{"answer": 3}',
      '{"answer": ""}',
      '{"score": 1}',
      '{}',
    );
    const result = await callStructured(llm, call);
    expect(result.ok).toBe(false);
    expect(result.attempts).toBe(3);
    expect(llm.calls).toHaveLength(3);
    expect(llm.pending('test')).toBe(1);
    if (result.ok) return;
    expect(result.cause).toBeInstanceOf(LlmOutputError);
    expect(result.error).toMatch(
      /^The model's reply for "test" could not be used after 3 attempts: /,
    );
    expect(result.error).toMatch(/answer: /);
    expect(result.lastOutput).toBe('{"score": 1}');
  });

  it('does not grow the prompt with every retry', async () => {
    const llm = new ScriptedLlm().enqueue('test', 'bad one', 'bad two', 'bad three');
    await callStructured(llm, { ...call, maxAttempts: 3 });
    const third = llm.calls[2]?.prompt ?? '';
    expect(third).toContain('bad two');
    expect(third).not.toContain('bad one');
  });

  it('honours maxAttempts = 1', async () => {
    const llm = new ScriptedLlm().enqueue('test', 'nope');
    const result = await callStructured(llm, { ...call, maxAttempts: 1 });
    expect(result).toMatchObject({ ok: false, attempts: 1 });
  });

  it('reports a failing model call without retrying it', async () => {
    const llm = new ScriptedLlm().enqueue('test', new Error('GPU device lost'));
    const result = await callStructured(llm, call);
    expect(result.ok).toBe(false);
    expect(result.attempts).toBe(1);
    if (!result.ok) {
      expect(result.cause).toBeInstanceOf(LlmCallError);
      expect(result.error).toBe('The model call for "test" failed: GPU device lost');
    }
  });

  it('throws AbortError without calling the model when already aborted', async () => {
    const llm = new ScriptedLlm().enqueue('test', '{"answer": "x", "score": 1}');
    const controller = new AbortController();
    controller.abort();
    await expect(
      callStructured(llm, { ...call, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(llm.calls).toHaveLength(0);
  });

  it('stops without retrying when aborted during a call', async () => {
    const controller = new AbortController();
    let calls = 0;
    const llm: LlmPort = {
      id: 'aborting',
      complete: () => Promise.reject(new Error('unused')),
      countTokens: () => 0,
      completeStructured(): Promise<Completion> {
        calls++;
        controller.abort();
        return Promise.resolve({ text: 'garbage', promptTokens: 1, completionTokens: 1 });
      },
    };
    await expect(callStructured(llm, { ...call, signal: controller.signal })).rejects.toMatchObject(
      {
        name: 'AbortError',
      },
    );
    expect(calls).toBe(1);
  });

  it('rethrows an adapter abort as an abort, not a failure', async () => {
    const controller = new AbortController();
    const llm: LlmPort = {
      id: 'aborting',
      complete: () => Promise.reject(new Error('unused')),
      countTokens: () => 0,
      completeStructured() {
        controller.abort();
        return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
      },
    };
    await expect(
      callStructured(llm, { ...call, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
  });

  it('applies prepare before validation', async () => {
    const llm = new ScriptedLlm().enqueue('test', '["x", 4]');
    const result = await callStructured(llm, {
      ...call,
      prepare: (json) => (Array.isArray(json) ? { answer: json[0], score: json[1] } : json),
    });
    expect(result).toMatchObject({ ok: true, value: { answer: 'x', score: 4 } });
  });
});
