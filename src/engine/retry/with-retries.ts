/**
 * The retry loop around one call: classify each failure, ask the policy, sleep (injected, so
 * tests need no real time), try again, and at the end throw one clear error. A failure that is
 * not worth retrying is thrown as it is; cancellation always is, at once.
 */
import { abortErrorFrom, errorMessage, isAbortError } from '../errors.ts';
import { retryVerdict, type RetryPolicy } from './policy.ts';

/** Retries ran out (or the server asked for a longer wait than allowed). */
export class RetriesExhaustedError extends Error {
  override readonly name = 'RetriesExhaustedError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface RetryInfo {
  readonly attempts: number;
  readonly delayMs: number;
  readonly error: unknown;
}

export interface RetryOptions {
  readonly policy: RetryPolicy;
  /** Whether a failure may succeed later, and what wait the server asked for (ms). */
  readonly classify: (error: unknown) => { retryable: boolean; retryAfterMs?: number };
  /** Waits `ms`; rejects with an AbortError when `signal` fires meanwhile. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1) (default: no jitter, the full delay). */
  readonly random?: () => number;
  readonly signal?: AbortSignal;
  readonly onRetry?: (info: RetryInfo) => void;
  /** The error thrown when retries end (default RetriesExhaustedError, the last one as cause). */
  readonly giveUp?: (last: unknown, reason: string, attempts: number) => Error;
}

export async function withRetries<T>(
  call: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { signal } = options;
  for (let attempts = 1; ; attempts++) {
    try {
      return await call(attempts);
    } catch (error) {
      if (signal?.aborted) throw abortErrorFrom(signal);
      if (isAbortError(error)) throw error;
      const { retryable, retryAfterMs } = options.classify(error);
      // Not worth retrying, or no retry allowed at all: the failure as it is.
      if (!retryable || options.policy.maxAttempts <= 1) throw error;
      const verdict = retryVerdict(options.policy, {
        attempts,
        retryable,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        random: options.random?.() ?? 1,
      });
      if (!verdict.retry) {
        throw (
          options.giveUp?.(error, verdict.reason, attempts) ??
          new RetriesExhaustedError(`${errorMessage(error)} (${verdict.reason})`, attempts, {
            cause: error,
          })
        );
      }
      options.onRetry?.({ attempts, delayMs: verdict.delayMs, error });
      await options.sleep(verdict.delayMs, signal);
    }
  }
}
