import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../../engine/testing/index.ts';
import { mayBeTask, TASK_KINDS } from '../../engine/task-memory/task-catalogue.ts';
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

  it('makes no call for a message without a task cue word, and says it is no task', async () => {
    const llm = new ScriptedLlm().enqueue(TASK_CLASSIFY_PURPOSE, '{"kind":"ride"}');
    expect(await classifyRequest('What did Maria say about her vacation?', llm)).toBeNull();
    expect(llm.calls).toHaveLength(0);
    expect(await classifyRequest('I am starving, sort something out', llm)).toMatchObject({
      id: 'ride',
    });
    expect(llm.calls).toHaveLength(1);
  });

  it('lets through every message the keyword classifier takes for a task', () => {
    for (const kind of TASK_KINDS)
      for (const phrase of [...kind.keywords, ...(kind.starts ?? [])])
        expect(mayBeTask(`${phrase} now`), `${kind.id}: ${phrase}`).toBe(true);
  });
});
