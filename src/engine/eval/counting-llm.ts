/**
 * An LlmPort that counts the calls (and tokens) made through it, so an evaluation can report
 * what one question cost whichever engine step made the call.
 */
import type { Completion, LlmPort } from '../ports.ts';

export interface CountingLlm extends LlmPort {
  /** Calls made so far (every attempt, failed ones included). */
  readonly calls: () => number;
  /** Prompt plus completion tokens of the calls that answered. */
  readonly tokens: () => number;
}

export function countingLlm(inner: LlmPort): CountingLlm {
  let calls = 0;
  let tokens = 0;
  const counted = async (completion: Promise<Completion>): Promise<Completion> => {
    calls++;
    const result = await completion;
    tokens += result.promptTokens + result.completionTokens;
    return result;
  };
  return {
    id: inner.id,
    complete: (request) => counted(inner.complete(request)),
    completeStructured: (request) => counted(inner.completeStructured(request)),
    countTokens: (text) => inner.countTokens(text),
    onUnreadableOutput: (purpose) => inner.onUnreadableOutput?.(purpose),
    calls: () => calls,
    tokens: () => tokens,
  };
}
