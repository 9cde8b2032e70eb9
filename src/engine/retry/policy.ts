/**
 * When to try a failed call again, as pure arithmetic: exponential backoff (base · 2^retry,
 * capped, with jitter so that many clients throttled at once do not come back at once), a
 * server's Retry-After honoured as given (seconds or an HTTP date), and a bound on both the
 * attempts and the wait a server may ask for. The loop that sleeps is `withRetries`.
 */

export interface RetryPolicy {
  /** Attempts including the first (at least 1). */
  readonly maxAttempts: number;
  /** Delay before the first retry, before jitter. */
  readonly baseDelayMs: number;
  /** Cap on the exponential delay. */
  readonly maxDelayMs: number;
  /** The longest Retry-After waited for; a server asking for more ends the retries. */
  readonly maxRetryAfterMs: number;
}

/** For evaluations against a server (grove eval): about a minute of patience in all. */
export const SERVER_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/**
 * The exponential delay before retry `retry` (0 for the first retry): base · 2^retry, capped at
 * maxDelayMs, then scaled into [½, 1] of itself by `random` in [0, 1) ("equal jitter").
 */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: number): number {
  let delay = policy.baseDelayMs;
  for (let i = 0; i < retry && delay < policy.maxDelayMs; i++) delay *= 2;
  const capped = Math.min(delay, policy.maxDelayMs);
  return Math.round(capped / 2 + (capped / 2) * random);
}

/**
 * A Retry-After header in milliseconds from `nowMs`: delay-seconds ("120") or an HTTP date
 * ("Wed, 21 Oct 2026 07:28:00 GMT"; a date already past is 0). Undefined when absent or
 * unreadable, in which case the backoff applies.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export interface FailedAttempt {
  /** Attempts made so far, the failed one included (1 after the first call). */
  readonly attempts: number;
  /** Whether this kind of failure may succeed later (throttling, a server error, a time-out). */
  readonly retryable: boolean;
  /** What the server asked for (Retry-After), in ms. */
  readonly retryAfterMs?: number;
  /** A number in [0, 1) for the jitter. */
  readonly random: number;
}

export type RetryVerdict =
  | { readonly retry: true; readonly delayMs: number }
  | { readonly retry: false; readonly reason: string };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function retryVerdict(policy: RetryPolicy, failed: FailedAttempt): RetryVerdict {
  if (!failed.retryable) return { retry: false, reason: 'not a failure worth retrying' };
  if (failed.attempts >= policy.maxAttempts)
    return { retry: false, reason: `gave up after ${failed.attempts} attempts` };
  if (failed.retryAfterMs !== undefined) {
    if (failed.retryAfterMs > policy.maxRetryAfterMs)
      return {
        retry: false,
        reason:
          `gave up after ${failed.attempts} attempts: the server asked to wait ` +
          `${seconds(failed.retryAfterMs)}, longer than the ${seconds(policy.maxRetryAfterMs)} this client waits`,
      };
    return { retry: true, delayMs: failed.retryAfterMs };
  }
  return { retry: true, delayMs: backoffDelayMs(policy, failed.attempts - 1, failed.random) };
}
