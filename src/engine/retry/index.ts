/** Retrying failed calls: the policy (pure arithmetic) and the loop (injected sleep). */
export {
  SERVER_RETRY_POLICY,
  backoffDelayMs,
  parseRetryAfter,
  retryVerdict,
  type FailedAttempt,
  type RetryPolicy,
  type RetryVerdict,
} from './policy.ts';
export {
  RetriesExhaustedError,
  withRetries,
  type RetryInfo,
  type RetryOptions,
} from './with-retries.ts';
