import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import {
  backoffDelayMs,
  parseRetryAfter,
  retryVerdict,
  SERVER_RETRY_POLICY,
  type RetryPolicy,
} from './policy.ts';
import { RetriesExhaustedError, withRetries } from './with-retries.ts';

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 10_000,
};

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter?: string,
  ) {
    super(`HTTP ${status}`);
  }
}

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const classify = (error: unknown) => {
  if (!(error instanceof HttpFailure)) return { retryable: false };
  const retryAfterMs = parseRetryAfter(error.retryAfter, NOW);
  return {
    retryable: error.status === 429 || error.status >= 500,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
};

/** A fake clock: sleeping only records the wait. */
function fakeSleep() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

/** A call that fails with the given errors in turn, then answers "ok". */
function failing(...errors: Error[]) {
  let calls = 0;
  return {
    calls: () => calls,
    call: () => {
      const error = errors[calls++];
      return error ? Promise.reject(error) : Promise.resolve('ok');
    },
  };
}

describe('retry policy', () => {
  it('backs off exponentially from the base, capped, jittered into [½, 1] of the delay', () => {
    expect([0, 1, 2, 3, 4, 10].map((r) => backoffDelayMs(policy, r, 0.999999))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect([0, 1, 2, 3, 4].map((r) => backoffDelayMs(policy, r, 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('1.5', NOW)).toBe(1_500);
    expect(parseRetryAfter(new Date(NOW + 7_000).toUTCString(), NOW)).toBe(7_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', NOW)).toBe(0); // already past
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
  });

  it('stops at the attempt bound, and at a Retry-After longer than it waits', () => {
    expect(retryVerdict(policy, { attempts: 3, retryable: true, random: 0.5 })).toEqual({
      retry: true,
      delayMs: 300,
    });
    expect(retryVerdict(policy, { attempts: 4, retryable: true, random: 0.5 })).toEqual({
      retry: false,
      reason: 'gave up after 4 attempts',
    });
    expect(
      retryVerdict(policy, { attempts: 1, retryable: true, retryAfterMs: 60_000, random: 0 }),
    ).toMatchObject({ retry: false, reason: expect.stringMatching(/asked to wait 60 s/) });
    expect(retryVerdict(policy, { attempts: 1, retryable: false, random: 0 }).retry).toBe(false);
    expect(SERVER_RETRY_POLICY.maxAttempts).toBeGreaterThan(1);
  });
});

describe('withRetries', () => {
  it('retries 429 and 5xx with backoff and returns the first success', async () => {
    const { waits, sleep } = fakeSleep();
    const server = failing(new HttpFailure(503), new HttpFailure(429), new HttpFailure(500));
    const result = await withRetries(server.call, { policy, classify, sleep });
    expect(result).toBe('ok');
    expect(server.calls()).toBe(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('honours Retry-After, in seconds or as a date, instead of its own backoff', async () => {
    const { waits, sleep } = fakeSleep();
    const date = new Date(NOW + 4_000).toUTCString();
    const server = failing(new HttpFailure(429, '2'), new HttpFailure(503, date));
    await withRetries(server.call, { policy, classify, sleep });
    expect(waits).toEqual([2_000, 4_000]);
  });

  it('is bounded: after maxAttempts it throws one clear error naming the attempts', async () => {
    const { waits, sleep } = fakeSleep();
    const server = failing(...Array.from({ length: 10 }, () => new HttpFailure(503)));
    const error = await withRetries(server.call, { policy, classify, sleep }).catch(
      (e: unknown) => e,
    );
    expect(server.calls()).toBe(4);
    expect(waits).toHaveLength(3);
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as RetriesExhaustedError).attempts).toBe(4);
    expect((error as Error).message).toBe('HTTP 503 (gave up after 4 attempts)');
    expect((error as Error).cause).toBeInstanceOf(HttpFailure);
  });

  it('gives up at once when the server asks for a longer wait than the policy allows', async () => {
    const { waits, sleep } = fakeSleep();
    const server = failing(new HttpFailure(429, '3600'));
    const error = await withRetries(server.call, {
      policy,
      classify,
      sleep,
      giveUp: (last, reason, attempts) => new Error(`${String(last)}; ${reason}; ${attempts}`),
    }).catch((e: unknown) => e);
    expect(waits).toEqual([]);
    expect((error as Error).message).toMatch(/HTTP 429; gave up after 1 attempts: .*3600 s.*; 1$/);
  });

  it('throws a failure not worth retrying as it is, after one call', async () => {
    const { waits, sleep } = fakeSleep();
    const bad = new HttpFailure(400);
    const server = failing(bad);
    await expect(withRetries(server.call, { policy, classify, sleep })).rejects.toBe(bad);
    expect(server.calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('stops when cancelled while waiting to retry', async () => {
    const controller = new AbortController();
    const server = failing(new HttpFailure(503), new HttpFailure(503));
    const run = withRetries(server.call, {
      policy,
      classify,
      signal: controller.signal,
      sleep: (_ms, signal) => {
        controller.abort();
        return Promise.reject(new AbortError(String(signal?.aborted)));
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortError);
    expect(server.calls()).toBe(1);
  });

  it('jitters each wait with the random source it is given', async () => {
    const { waits, sleep } = fakeSleep();
    const server = failing(new HttpFailure(503), new HttpFailure(503));
    await withRetries(server.call, { policy, classify, sleep, random: () => 0 });
    expect(waits).toEqual([50, 100]);
  });
});
