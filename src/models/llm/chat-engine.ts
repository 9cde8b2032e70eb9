/**
 * The minimal chat engine WebLlmPort drives: web-llm's engine (in its Web Worker) and the fake
 * engine for tests both implement it. Field names follow web-llm / OpenAI (`max_tokens`,
 * `response_format`) so the real adapter stays a thin mapping.
 */

export interface EngineMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface EngineRequest {
  readonly messages: readonly EngineMessage[];
  /** Always set: local models must never run away. */
  readonly max_tokens: number;
  readonly temperature?: number;
  /** Constrained JSON decoding; `schema` is the JSON schema as a string (web-llm's format). */
  readonly response_format?: { readonly type: 'json_object'; readonly schema?: string };
}

export interface EngineUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  /** web-llm's own measurement of this call (its usage.extra), where it reports one. */
  readonly prefill_tokens_per_s?: number;
  readonly decode_tokens_per_s?: number;
}

/** `finishReason` 'abort' means interruptGenerate() stopped the generation. */
export interface EngineCompletion {
  readonly text: string;
  readonly finishReason: string | null;
  readonly usage?: EngineUsage;
}

export interface EngineChunk {
  readonly delta: string;
  readonly finishReason?: string | null;
  readonly usage?: EngineUsage;
}

/** web-llm's InitProgressReport: `progress` in [0, 1], not necessarily monotone across stages. */
export interface EngineLoadReport {
  readonly progress: number;
  readonly text: string;
}

export interface ChatEngine {
  /** Loads (downloading if needed) the model; reports progress while it does. */
  load(modelId: string, onReport: (report: EngineLoadReport) => void): Promise<void>;
  complete(request: EngineRequest): Promise<EngineCompletion>;
  stream(request: EngineRequest): AsyncIterable<EngineChunk>;
  /** Stops the running generation: it ends early with finishReason 'abort'. */
  interrupt(): void;
  unload(): Promise<void>;
  /** Token count from the loaded model's own tokenizer, where the engine can provide it. */
  countTokens?(text: string): Promise<number>;
}
