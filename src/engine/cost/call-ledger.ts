/**
 * Every LLM call a user action makes, in order, with its purpose, tokens and queue wait: an
 * LlmPort wrapper that writes each answered call down, a rolling log for a running app, and the
 * sums a report needs.
 */
import type { Completion, CompletionRequest, LlmPort } from '../ports.ts';

export interface CallRecord {
  /** The prompt's purpose tag (llm-purposes.ts); `unknown` when a caller gave none. */
  readonly purpose: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Milliseconds it waited in the engine's queue (absent: not queued, or not measured). */
  readonly queueMs?: number;
}

export interface PurposeTotals {
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Summed queue wait of the calls. */
  readonly queueMs: number;
}

/** A call as the engine's ports report it: the request's purpose, the completion's counts. */
export function callRecord(purpose: string | undefined, completion: Completion): CallRecord {
  return {
    purpose: purpose ?? 'unknown',
    promptTokens: completion.promptTokens,
    completionTokens: completion.completionTokens,
    ...(completion.queueMs === undefined ? {} : { queueMs: completion.queueMs }),
  };
}

/**
 * The calls a running app made, newest last, at most `limit` of them: what the settings show
 * per purpose. Listeners hear of each call.
 */
export class CallLog {
  private calls: CallRecord[] = [];
  private readonly listeners = new Set<(calls: readonly CallRecord[]) => void>();

  constructor(private readonly limit = 1000) {}

  record(call: CallRecord): void {
    this.calls = [...this.calls.slice(-(this.limit - 1)), call];
    for (const listener of this.listeners) listener(this.calls);
  }

  get records(): readonly CallRecord[] {
    return this.calls;
  }

  subscribe(listener: (calls: readonly CallRecord[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
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
    records.push(callRecord(request.purpose, done));
    return done;
  };
  return {
    id: inner.id,
    complete: (request) => record(request, inner.complete(request)),
    completeStructured: (request) => record(request, inner.completeStructured(request)),
    countTokens: (text) => inner.countTokens(text),
    onUnreadableOutput: (purpose) => inner.onUnreadableOutput?.(purpose),
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
    const t = totals[r.purpose] ?? { calls: 0, promptTokens: 0, completionTokens: 0, queueMs: 0 };
    totals[r.purpose] = {
      calls: t.calls + 1,
      promptTokens: t.promptTokens + r.promptTokens,
      completionTokens: t.completionTokens + r.completionTokens,
      queueMs: t.queueMs + (r.queueMs ?? 0),
    };
  }
  return totals;
}
