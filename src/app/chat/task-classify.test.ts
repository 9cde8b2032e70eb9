import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../engine/testing/index.ts';
import { classifyRequest, TASK_CLASSIFY_PURPOSE } from './task-classify.ts';

describe('classifyRequest', () => {
  it('uses the LLM answer when it fits the schema', async () => {
    const llm = new ScriptedLlm().enqueue(TASK_CLASSIFY_PURPOSE, '{"kind":"ride"}');
    expect((await classifyRequest('get me to the airport', llm))?.id).toBe('ride');
    const none = new ScriptedLlm().enqueue(TASK_CLASSIFY_PURPOSE, '{"kind":"none"}');
    expect(await classifyRequest('book a table', none)).toBeNull();
  });

  it('falls back to keywords on a malformed reply or without an LLM', async () => {
    const llm = new ScriptedLlm().enqueue(TASK_CLASSIFY_PURPOSE, '{"kind":"pizza"}');
    expect((await classifyRequest('Book a table for two', llm))?.id).toBe('book-table');
    expect((await classifyRequest('Book a table for two'))?.id).toBe('book-table');
    expect(await classifyRequest('How are you?')).toBeNull();
  });
});
