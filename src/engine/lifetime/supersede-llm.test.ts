import { describe, expect, it } from 'vitest';
import { toPortSchema } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import { ScriptedLlm } from '../testing/index.ts';
import { asFactId, asSessionId, asTurnId, type EmbeddedFact } from '../types.ts';
import { assignLifetimes, rememberedFactsOf } from './assign.ts';
import { SUPERSEDE_SYSTEM_PROMPT, supersedeMessages, supersedeSchema } from './supersede-llm.ts';

const fact = (id: string, text: string, time: string, vector = [1, 0]): EmbeddedFact => ({
  id: asFactId(id),
  text,
  category: 'other',
  sources: [{ sessionId: asSessionId(`s-${id}`), turnIds: [asTurnId(`t-${id}`)], time }],
  embedding: new Float32Array(vector),
});

const denver = fact(
  'denver',
  'I moved to Denver last month for a job at a bike shop',
  '2023-12-05T10:00:00Z',
);
const seattle = fact(
  'seattle',
  'Actually I moved again, to Seattle, in May',
  '2024-06-20T10:00:00Z',
);
const sister = fact('sister', 'My sister Ana lives in Lisbon', '2023-12-05T10:05:00Z', [0.9, 0.1]);

describe("the model's supersede call", () => {
  it('asks with the new fact and dated candidates in labelled sections, reasoning first', () => {
    const [system, user] = supersedeMessages({ fact: seattle, since: '2024-05' }, [
      { fact: denver, since: '2023-11' },
    ]);
    expect(system?.content).toBe(SUPERSEDE_SYSTEM_PROMPT);
    expect(user?.content).toContain('### NEW FACT\n[NEW] (since 2024-05) Actually I moved again');
    expect(user?.content).toContain('### CANDIDATES\n[F1] (since 2023-11) I moved to Denver');
    const schema = toPortSchema(supersedeSchema) as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['reasoning', 'replaces']);
    expect(schema.required).toEqual(['reasoning', 'replaces']);
  });

  it('lets the model name what a new fact replaces; code dates the change', async () => {
    const llm = new ScriptedLlm();
    const result = await assignLifetimes(rememberedFactsOf([denver, sister]), [seattle], { llm });
    const calls = llm.calls.filter((c) => c.purpose === LLM_PURPOSES.supersede);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.structured).toBe(true);
    expect(result.report.links).toEqual([
      { old: denver.id, by: seattle.id, how: 'model', correction: false },
    ]);
    const old = result.updated.get(denver.id);
    expect(old).toMatchObject({
      supersededBy: seattle.id,
      supersededHow: 'model',
      validTo: '2024-05',
    });
    expect(result.updated.has(sister.id)).toBe(false);
    expect(result.incoming[0]?.validFrom).toBe('2024-05');
  });

  it('supersedes nothing and reports it when the call fails or cannot be read', async () => {
    for (const reply of [
      new Error('engine crashed'),
      'not json at all',
      '{"replaces": ["F9"], "reasoning": "x"}',
    ]) {
      const llm = new ScriptedLlm({
        responses: { [LLM_PURPOSES.supersede]: [reply, reply, reply] },
      });
      const result = await assignLifetimes(rememberedFactsOf([denver]), [seattle], { llm });
      expect(result.report.links).toEqual([]);
      expect(result.updated.size).toBe(0);
      expect(result.report.failures).toHaveLength(1);
      expect(result.report.failures[0]?.factId).toBe(seattle.id);
      expect(result.report.failures[0]?.error).not.toBe('');
    }
  });

  it('decides which fact holds by time, not by the order the model names them', async () => {
    // The user tells of an earlier home after the later one: the later one still holds.
    const boston = fact('boston', 'Back in March 2022 I moved to Boston', '2024-07-01T10:00:00Z');
    const result = await assignLifetimes(rememberedFactsOf([seattle]), [boston]);
    expect(result.report.links).toEqual([
      { old: boston.id, by: seattle.id, how: 'rule', correction: false },
    ]);
    expect(result.incoming[0]).toMatchObject({ validFrom: '2022-03', supersededBy: seattle.id });
  });
});
