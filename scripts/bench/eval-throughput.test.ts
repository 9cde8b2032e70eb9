import { describe, expect, it } from 'vitest';
import { parseImplexConv } from '../../src/engine/datasets/implexconv.ts';
import { benchEvalThroughput } from './eval-throughput.ts';
import { evalThroughputWorkload } from './eval-throughput-workload.ts';

describe('eval-throughput bench', () => {
  it('generates a deterministic IMPLEXCONV-shaped workload, one question per example', () => {
    const text = evalThroughputWorkload({ examples: 3, sessions: 5 });
    expect(evalThroughputWorkload({ examples: 3, sessions: 5 })).toBe(text);
    const dataset = parseImplexConv(text, 'bench.jsonl');
    expect(dataset.conversations).toHaveLength(3);
    for (const conversation of dataset.conversations) {
      expect(conversation.sessions).toHaveLength(5);
      expect(conversation.questions).toHaveLength(1);
      expect(conversation.questions[0]?.evidenceSessions).toHaveLength(1);
    }
  });

  it('reports calls per N, at most N in flight, and a warm cache that asks for no extraction or summary', async () => {
    // Shape only: timings are the bench's business, never a test's.
    const result = await benchEvalThroughput({
      concurrencies: [1, 3],
      latencyMs: 5,
      sessions: 12,
      examplesPerSlot: 1,
      inProcess: true,
    });
    expect(result.runs.map((r) => [r.concurrency, r.examples])).toEqual([
      [1, 1],
      [3, 3],
    ]);
    for (const run of result.runs) {
      expect(run.peak_in_flight).toBeLessThanOrEqual(run.concurrency);
      expect(run.calls_by_purpose['extract-facts']).toBe(12 * run.examples);
      expect(run.calls_by_purpose['summarise-session']).toBe(12 * run.examples);
      expect(run.calls_by_purpose['summarise']).toBeGreaterThan(0);
      expect(run.calls).toBe(Object.values(run.calls_by_purpose).reduce((a, b) => a + b, 0));
    }
    expect(result.runs[0]?.speedup).toBe(1);
    expect(result.warm_cache).toMatchObject({ calls: 0, extraction_calls: 0, summary_calls: 0 });
    expect(result.other_method_warm_cache).toMatchObject({
      method: 'tacitree-embedding',
      extraction_calls: 0,
      summary_calls: 0,
    });
    expect(result.other_method_warm_cache.calls).toBeGreaterThan(0); // its own answers
  });
});
