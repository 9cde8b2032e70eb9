import { describe, expect, it, vi } from 'vitest';
import { asFactId, asSessionId, asTurnId, type Fact } from '../types.ts';
import { assignLifetimes, type RememberedFacts } from './assign.ts';

const fact = (id: string, text: string, time: string): Fact => ({
  id: asFactId(id),
  text,
  category: 'other',
  sources: [{ sessionId: asSessionId(`s-${id}`), turnIds: [asTurnId(`t-${id}`)], time }],
});

/** A heavy memory: one home among thousands of facts that cannot state one. */
function remembered(): { memory: RememberedFacts; embeddingOf: ReturnType<typeof vi.fn> } {
  const facts = new Map<Fact['id'], Fact>();
  for (let i = 0; i < 3000; i++) {
    const f = fact(`other${i}`, `I baked ${i} loaves of rye bread for the fair`, '2023-05-01');
    facts.set(f.id, f);
  }
  const denver = fact('denver', 'I moved to Denver last month for a job', '2023-12-05T10:00:00Z');
  facts.set(denver.id, denver);
  const embeddingOf = vi.fn(() => new Float32Array([1, 0]));
  return { memory: { facts, embeddingOf }, embeddingOf };
}

describe('lifetimes over a large memory, without a model', () => {
  it('replaces the old home and reads no embedding or copy of the other facts', async () => {
    const { memory, embeddingOf } = remembered();
    const seattle = {
      ...fact('seattle', 'Actually I moved again, to Seattle, in May', '2024-06-20T10:00:00Z'),
      embedding: new Float32Array([0, 1]),
    };
    const result = await assignLifetimes(memory, [seattle]);
    expect(result.report.links).toEqual([
      { old: 'denver', by: 'seattle', how: 'rule', correction: false },
    ]);
    expect([...result.updated.keys()]).toEqual(['denver']);
    expect(result.updated.get(asFactId('denver'))?.supersededBy).toBe('seattle');
    expect(result.incoming[0]?.embedding).toBe(seattle.embedding);
    expect(embeddingOf).not.toHaveBeenCalled();
    // The remembered facts themselves are not changed: the result says what changed.
    expect(memory.facts.get(asFactId('denver'))?.supersededBy).toBeUndefined();
  });

  it('gives the same answer when the facts were read before (kept readings)', async () => {
    const { memory } = remembered();
    const seattle = {
      ...fact('seattle', 'Actually I moved again, to Seattle, in May', '2024-06-20T10:00:00Z'),
      embedding: new Float32Array([0, 1]),
    };
    const first = await assignLifetimes(memory, [seattle]);
    const again = await assignLifetimes(memory, [seattle]);
    expect(again.report).toEqual(first.report);
  });
});
