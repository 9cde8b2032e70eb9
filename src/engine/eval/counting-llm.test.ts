import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import { countingLlm } from './counting-llm.ts';

describe('countingLlm', () => {
  it('counts every call, failed ones included, and the tokens of those that answered', async () => {
    const inner = new ScriptedLlm({ responses: { p: ['one two three', new Error('down')] } });
    const llm = countingLlm(inner);
    const request = {
      messages: [{ role: 'user' as const, content: 'hello there' }],
      maxTokens: 5,
      purpose: 'p',
    };
    const done = await llm.complete(request);
    await expect(llm.completeStructured({ ...request, schema: {} })).rejects.toThrow('down');
    expect(llm.calls()).toBe(2);
    expect(llm.tokens()).toBe(done.promptTokens + done.completionTokens);
    expect(llm.tokens()).toBeGreaterThan(0);
    expect(llm.id).toBe(inner.id);
    expect(inner.calls).toHaveLength(2);
  });
});
