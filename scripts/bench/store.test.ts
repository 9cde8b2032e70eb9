import { describe, expect, it } from 'vitest';
import { benchStore } from './store.ts';

describe('store benchmark', () => {
  it('saves and loads a synthetic forest and reports its size', async () => {
    const result = await benchStore({ sessions: 4, factsPerSession: 5, dimension: 16 });
    expect(result).toMatchObject({ sessions: 4, facts: 20, dimension: 16 });
    expect(result.nodes).toBeGreaterThan(20);
    expect(result.embedding_bytes).toBe(result.nodes * 16 * 4);
    expect(result.bytes).toBeGreaterThan(result.embedding_bytes);
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining(['sessions', 'facts', 'ms_save', 'ms_load', 'bytes']),
    );
  });
});
