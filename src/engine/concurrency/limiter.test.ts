import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import type { CompletionRequest, LlmPort } from '../ports.ts';
import { ConcurrencyLimiter, InvalidConcurrencyError } from './limiter.ts';
import { limitedLlm, llmConcurrency } from './limited-llm.ts';

/** A promise resolved by hand: the test decides when each call finishes. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => (resolve = res));
  return { promise, resolve };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Counts calls in flight and records the most ever seen; each call waits for its deferred. */
function gauge() {
  let inFlight = 0;
  let peak = 0;
  const started: number[] = [];
  const gates = new Map<number, ReturnType<typeof deferred>>();
  const task = (id: number) => async () => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    started.push(id);
    const gate = deferred();
    gates.set(id, gate);
    try {
      await gate.promise;
      return id;
    } finally {
      inFlight--;
    }
  };
  return { task, started, gates, peak: () => peak, inFlight: () => inFlight };
}

describe('ConcurrencyLimiter', () => {
  it('never has more than N calls in flight, and starts waiting calls in arrival order', async () => {
    const limiter = new ConcurrencyLimiter(3);
    const g = gauge();
    const results = Array.from({ length: 10 }, (_, i) => limiter.run(g.task(i)));
    await settle();
    expect(g.started).toEqual([0, 1, 2]);
    expect(limiter.active).toBe(3);
    expect(limiter.waiting).toBe(7);
    // Finish calls out of order, one at a time: each frees exactly one slot.
    for (const id of [1, 0, 2, 4, 3, 5, 6, 9, 8, 7]) {
      await settle();
      g.gates.get(id)?.resolve();
      await settle();
      expect(g.inFlight()).toBeLessThanOrEqual(3);
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(g.started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(g.peak()).toBe(3);
    expect(limiter.active).toBe(0);
  });

  it('frees the slot of a failed call', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('drops a waiting call whose signal fires, without running it', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const g = gauge();
    const first = limiter.run(g.task(0));
    const controller = new AbortController();
    let ran = false;
    const second = limiter.run(async () => {
      ran = true;
    }, controller.signal);
    const third = limiter.run(g.task(2));
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(AbortError);
    await settle();
    g.gates.get(0)?.resolve();
    await first;
    await settle();
    g.gates.get(2)?.resolve();
    await expect(third).resolves.toBe(2);
    expect(ran).toBe(false);
    expect(limiter.waiting).toBe(0);
  });

  it('rejects a limit below 1 or not whole', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(InvalidConcurrencyError);
    expect(() => new ConcurrencyLimiter(2.5)).toThrow(/whole number of at least 1/);
  });
});

describe('limitedLlm', () => {
  it('holds every caller of one port to N calls in flight and advertises N', async () => {
    const g = gauge();
    let next = 0;
    const inner: LlmPort = {
      id: 'server',
      complete: async () => ({
        text: String(await g.task(next++)()),
        promptTokens: 1,
        completionTokens: 1,
      }),
      completeStructured: async () => ({ text: '{}', promptTokens: 1, completionTokens: 1 }),
      countTokens: () => 1,
    };
    const llm = limitedLlm(inner, 4);
    expect(llm.concurrency).toBe(4);
    expect(llmConcurrency(llm)).toBe(4);
    expect(llmConcurrency(inner)).toBe(1);
    expect(llmConcurrency(undefined)).toBe(1);
    const request: CompletionRequest = { messages: [], maxTokens: 1 };
    const calls = Array.from({ length: 12 }, () => llm.complete(request));
    for (let round = 0; round < 3; round++) {
      await settle();
      expect(g.inFlight()).toBe(4);
      for (let id = round * 4; id < round * 4 + 4; id++) g.gates.get(id)?.resolve();
    }
    const texts = (await Promise.all(calls)).map((c) => c.text);
    expect(texts).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
    expect(g.peak()).toBe(4);
  });
});
