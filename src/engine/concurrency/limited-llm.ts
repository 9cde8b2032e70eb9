/**
 * An LlmPort whose calls share one ConcurrencyLimiter: at most `limit` calls are in flight
 * however many engine steps call it at once, and it advertises `concurrency: limit`, so the
 * engine's builds run up to that many of their independent calls together. For servers that
 * serve many requests at once (vLLM, replicas behind one endpoint), never for an on-device
 * engine, which serves one call at a time.
 */
import type { LlmPort } from '../ports.ts';
import { ConcurrencyLimiter } from './limiter.ts';

export interface LimitedLlm extends LlmPort {
  readonly concurrency: number;
  readonly limiter: ConcurrencyLimiter;
}

export function limitedLlm(inner: LlmPort, limit: number): LimitedLlm {
  const limiter = new ConcurrencyLimiter(limit);
  return {
    id: inner.id,
    concurrency: limiter.limit,
    limiter,
    complete: (request) => limiter.run(() => inner.complete(request), request.signal),
    completeStructured: (request) =>
      limiter.run(() => inner.completeStructured(request), request.signal),
    countTokens: (text) => inner.countTokens(text),
    onUnreadableOutput: (purpose) => inner.onUnreadableOutput?.(purpose),
  };
}

/** How many calls of a build the engine may run at once through `llm` (1 unless it says more). */
export function llmConcurrency(llm: LlmPort | undefined): number {
  const value = llm?.concurrency;
  return value !== undefined && Number.isInteger(value) && value > 1 ? value : 1;
}
