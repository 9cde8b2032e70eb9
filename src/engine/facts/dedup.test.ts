import { describe, expect, it } from 'vitest';
import { asFactId, asSessionId, asTurnId } from '../types.ts';
import type { EmbeddedFact } from '../types.ts';
import { dedupeFacts, naturalCompare } from './dedup.ts';

function fact(
  id: string,
  embedding: number[],
  session: string,
  turn: string,
  time?: string,
): EmbeddedFact {
  return {
    id: asFactId(id),
    text: `I adopted a puppy called Miso (${id})`,
    category: 'other',
    embedding: Float32Array.from(embedding),
    sources: [
      {
        sessionId: asSessionId(session),
        turnIds: [asTurnId(turn)],
        ...(time === undefined ? {} : { time }),
      },
    ],
  };
}

/** A unit vector at cosine `c` from [1, 0, 0]. */
const at = (c: number) => [c, Math.sqrt(1 - c * c), 0];

describe('dedupeFacts', () => {
  it('merges at cosine 0.9, keeping the earliest fact and both provenances', () => {
    const early = fact('s1/f0', [1, 0, 0], 's1', 't1', '2024-01-01');
    const late = fact('s2/f0', at(0.9), 's2', 't4', '2024-02-01');
    const { kept, merged } = dedupeFacts([late, early]);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.id).toBe('s1/f0');
    expect(kept[0]?.text).toBe('I adopted a puppy called Miso (s1/f0)');
    expect(kept[0]?.embedding).toBe(early.embedding);
    expect(kept[0]?.sources).toEqual([
      { sessionId: 's1', turnIds: ['t1'], time: '2024-01-01' },
      { sessionId: 's2', turnIds: ['t4'], time: '2024-02-01' },
    ]);
    expect(merged).toEqual([
      { into: 's1/f0', from: 's2/f0', similarity: expect.closeTo(0.9, 5) as number },
    ]);
  });

  it('leaves cosine 0.89 alone', () => {
    const { kept, merged } = dedupeFacts([
      fact('a', [1, 0, 0], 's1', 't1'),
      fact('b', at(0.89), 's2', 't1'),
    ]);
    expect(kept.map((f) => f.id)).toEqual(['a', 'b']);
    expect(merged).toEqual([]);
  });

  it('keeps facts apart when their words differ, however close their vectors', () => {
    const a = fact('a', [0, 1, 0], 's1', 't1');
    const b = { ...fact('b', [0, 1, 0], 's2', 't1'), text: 'Makes me feel like I should try it' };
    expect(dedupeFacts([a, b]).kept.map((f) => f.id)).toEqual(['a', 'b']);
    const paraphrase = { ...b, text: 'I adopted Miso, a puppy' };
    expect(dedupeFacts([a, paraphrase]).kept.map((f) => f.id)).toEqual(['a']);
  });

  it('unions turn ids within a session and keeps every session', () => {
    const { kept } = dedupeFacts([
      fact('s1/f0', [0, 1, 0], 's1', 't1'),
      fact('s1/f3', [0, 1, 0], 's1', 't7'),
      fact('s2/f1', [0, 1, 0.01], 's2', 't2'),
    ]);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.sources).toEqual([
      { sessionId: 's1', turnIds: ['t1', 't7'] },
      { sessionId: 's2', turnIds: ['t2'] },
    ]);
  });

  it('does not chain: each fact is compared with the kept fact itself', () => {
    const a = fact('a', [1, 0, 0], 's1', 't1');
    const b = fact('b', at(0.95), 's1', 't2');
    const rotated = Math.cos(2 * Math.acos(0.95));
    const c = fact('c', at(rotated), 's1', 't3');
    const { kept } = dedupeFacts([a, b, c]);
    expect(kept.map((f) => f.id)).toEqual(['a', 'c']);
  });

  it('is independent of input order', () => {
    const facts = [
      fact('s10/f0', [1, 0, 0], 's10', 't1', '2024-03-01'),
      fact('s2/f0', [1, 0.1, 0], 's2', 't1', '2024-03-01'),
      fact('s9/f1', [0, 0, 1], 's9', 't2'),
      fact('s9/f0', [0, 0.05, 1], 's9', 't1'),
      fact('s3/f0', [0, 1, 0], 's3', 't1', '2023-12-31'),
    ];
    const forward = dedupeFacts(facts);
    const backward = dedupeFacts([...facts].reverse());
    expect(backward).toEqual(forward);
    expect(forward.kept.map((f) => f.id)).toEqual(['s3/f0', 's2/f0', 's9/f0']);
    expect(forward.merged.map((m) => [m.into, m.from])).toEqual([
      ['s2/f0', 's10/f0'],
      ['s9/f0', 's9/f1'],
    ]);
  });

  it('handles no facts, and refuses mixed dimensions with a clear message', () => {
    expect(dedupeFacts([])).toEqual({ kept: [], merged: [] });
    expect(() =>
      dedupeFacts([fact('a', [1, 0, 0], 's1', 't1'), fact('b', [1, 0], 's1', 't2')]),
    ).toThrow(/same model/);
  });

  it('orders ids naturally', () => {
    expect(['s10/f1', 's2/f10', 's2/f9'].sort(naturalCompare)).toEqual([
      's2/f9',
      's2/f10',
      's10/f1',
    ]);
  });
});
