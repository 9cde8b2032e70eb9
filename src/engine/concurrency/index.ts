/** Running independent work together, bounded, with results in a fixed order. */
export { ConcurrencyLimiter, InvalidConcurrencyError, checkConcurrency } from './limiter.ts';
export { limitedLlm, llmConcurrency, type LimitedLlm } from './limited-llm.ts';
export { mapLimited, mapLimitedInOrder } from './map-limited.ts';
export { OrderedSteps } from './ordered-steps.ts';
