/**
 * What an evaluation must know about its LLM besides the answers: which calls failed and which
 * outputs were given up on as unreadable. The outermost port of a run (wrapping the cache, the
 * limiter and the server's retries) records both:
 *
 * - a call that throws (but for cancellation) after the adapter's own retries is a failed call,
 *   whatever the engine step that made it does next (an extraction that comes back 'failed', a
 *   summary stand-in, a CONTINUE fallback): a question that saw one is failed, not scored.
 *   `mark()` before the work and `failedSince(mark)` after it tell; with questions run at once,
 *   a failure is seen by every question in flight at the time (never a scored row built on it);
 * - a structured call that gave up on unreadable output (json-output.ts) is counted per purpose:
 *   the model answered, the answer was unusable, and the engine's fallback is the result.
 */
import { errorMessage, isAbortError } from '../errors.ts';
import type { Completion, LlmPort } from '../ports.ts';

export interface WatchedLlm extends LlmPort {
  /** A point in the run: `failedSince` reports the failures after it. */
  mark(): number;
  /** The last call failure after `mark`, or undefined when every call since answered. */
  failedSince(mark: number): unknown;
  /** Outputs given up on as unreadable, per purpose, in the order first seen. */
  unreadable(): Readonly<Record<string, number>>;
}

export function watchedLlm(inner: LlmPort): WatchedLlm {
  const failures: unknown[] = [];
  const unreadable: Record<string, number> = {};
  const watched = async (call: Promise<Completion>): Promise<Completion> => {
    try {
      return await call;
    } catch (error) {
      if (!isAbortError(error)) failures.push(error);
      throw error;
    }
  };
  return {
    id: inner.id,
    ...(inner.concurrency === undefined ? {} : { concurrency: inner.concurrency }),
    complete: (request) => watched(inner.complete(request)),
    completeStructured: (request) => watched(inner.completeStructured(request)),
    countTokens: (text) => inner.countTokens(text),
    onUnreadableOutput(purpose) {
      unreadable[purpose] = (unreadable[purpose] ?? 0) + 1;
      inner.onUnreadableOutput?.(purpose);
    },
    mark: () => failures.length,
    failedSince: (mark) => (failures.length > mark ? failures[failures.length - 1] : undefined),
    unreadable: () => ({ ...unreadable }),
  };
}

/** The failure-watching half of a WatchedLlm: what an evaluation loop needs. */
export type CallWatch = Pick<WatchedLlm, 'mark' | 'failedSince'>;

/** A question (or a build) saw a model call fail: it is recorded as failed, never scored. */
export class FailedCallError extends Error {
  override readonly name = 'FailedCallError';
}

/** Throws a FailedCallError when a call failed after `mark` (the failure as its cause). */
export function throwIfCallsFailed(watch: CallWatch | undefined, mark: number): void {
  if (!watch) return;
  const failure = watch.failedSince(mark);
  if (failure === undefined) return;
  throw new FailedCallError(`a model call failed: ${errorMessage(failure)}`, { cause: failure });
}
