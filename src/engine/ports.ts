import type { DeviceProfile } from './cost/device-profiles.ts';
/**
 * The ports the engine needs from the outside world. Adapters (src/models, workers) implement
 * them; fakes for tests live in src/engine/testing.
 */
import type { Vector } from './types.ts';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface CompletionRequest {
  readonly messages: readonly ChatMessage[];
  /** Always bounded: local models must never run away. */
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly signal?: AbortSignal;
  /** Free-text purpose tag ("extract", "summarise", "judge"), for logs and scripted fakes. */
  readonly purpose?: string;
}

export interface StructuredRequest extends CompletionRequest {
  /** JSON schema the answer must satisfy; adapters pass it to constrained decoding when they can. */
  readonly schema: object;
}

export interface Completion {
  readonly text: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Milliseconds the call waited in an on-device engine's queue before it ran. */
  readonly queueMs?: number;
}

export interface LlmPort {
  readonly id: string;
  /**
   * How many calls this port serves at once. The engine runs up to this many independent calls
   * of a build together (extraction per session, summaries per cluster, session summaries),
   * keeping results in the sequential order. Absent: 1, an on-device engine that serves one call
   * at a time. Set by `limitedLlm` (concurrency/limited-llm.ts), which also enforces it.
   */
  readonly concurrency?: number;
  complete(request: CompletionRequest): Promise<Completion>;
  /** Returns raw text meant to be JSON matching `schema`; the engine parses and validates it. */
  completeStructured(request: StructuredRequest): Promise<Completion>;
  countTokens(text: string): number | Promise<number>;
  /**
   * This model's speed on this device, from the engine's own stats of its recent calls
   * (cost/speed-meter.ts); absent or undefined where the engine reports none yet.
   */
  measuredProfile?(): DeviceProfile | undefined;
  /**
   * Told when a structured call gives up on the model's output (unreadable after its bounded
   * retries: json-output.ts), with the call's purpose: evaluations count these per purpose.
   * Wrappers that hand calls on forward it.
   */
  onUnreadableOutput?(purpose: string): void;
}

export interface EmbedderPort {
  readonly id: string;
  readonly dimension: number;
  /** Embeds a batch; vectors are L2-normalised. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]>;
}

/** Seeded randomness: the same seed gives the same sequence. Returns a float in [0, 1). */
export interface Rng {
  next(): number;
}

export interface Clock {
  now(): number;
}

/** Counts tokens without a model: used for reporting when no tokenizer is loaded. */
export interface Tokenizer {
  count(text: string): number;
}
