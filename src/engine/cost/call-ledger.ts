/**
 * Every LLM call a user action makes, in order, with its purpose and tokens: an LlmPort wrapper
 * that writes each answered call down, and the sums a report needs.
 */
import type { Completion, CompletionRequest, LlmPort } from '../ports.ts';

export interface CallRecord {
  /** The prompt's purpose tag (llm-purposes.ts); `unknown` when a caller gave none. */
  readonly purpose: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface PurposeTotals {
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface RecordingLlm extends LlmPort {
  /** The calls answered since the last `take`, in the order they were made; clears them. */
  take(): CallRecord[];
}

export function recordingLlm(inner: LlmPort): RecordingLlm {
  let records: CallRecord[] = [];
  const record = async (
    request: CompletionRequest,
    completion: Promise<Completion>,
  ): Promise<Completion> => {
    const done = await completion;
    records.push({
      purpose: request.purpose ?? 'unknown',
      promptTokens: done.promptTokens,
      completionTokens: done.completionTokens,
    });
    return done;
  };
  return {
    id: inner.id,
    complete: (request) => record(request, inner.complete(request)),
    completeStructured: (request) => record(request, inner.completeStructured(request)),
    countTokens: (text) => inner.countTokens(text),
    take() {
      const taken = records;
      records = [];
      return taken;
    },
  };
}

/** Calls and tokens per purpose, purposes in the order first seen. */
export function totalsByPurpose(records: readonly CallRecord[]): Record<string, PurposeTotals> {
  const totals: Record<string, PurposeTotals> = {};
  for (const r of records) {
    const t = totals[r.purpose] ?? { calls: 0, promptTokens: 0, completionTokens: 0 };
    totals[r.purpose] = {
      calls: t.calls + 1,
      promptTokens: t.promptTokens + r.promptTokens,
      completionTokens: t.completionTokens + r.completionTokens,
    };
  }
  return totals;
}
