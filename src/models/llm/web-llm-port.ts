/**
 * LlmPort over a ChatEngine (web-llm's Web Worker engine in the app, a fake in tests).
 *
 * - Every call goes through one queue (priority-queue.ts): generations never interleave on the
 *   engine, and a user's call runs before waiting background calls.
 * - Cancellation: a signal that fires while queued drops the call; while generating it calls
 *   `interrupt()` (web-llm's interruptGenerate), waits for the engine to stop, then rejects with
 *   AbortError. The queue moves on only once the engine is idle again.
 * - Structured output: response_format `{ type: 'json_object', schema: JSON.stringify(schema) }`;
 *   max_tokens is always set.
 * - Token counts: the model's own tokenizer via `engine.countTokens` once loaded; before the model
 *   is loaded, or when the engine cannot count, the engine's model-free approximation.
 * - Load progress: mapped monotone onto the app's Progress type, ending at 100.
 * - Speed: web-llm's prefill and decode tokens per second of each call feed `measuredProfile`.
 */
import {
  callRecord,
  SpeedMeter,
  type CallRecord,
  type DeviceProfile,
} from '../../engine/cost/index.ts';
import { AbortError, abortErrorFrom, throwIfAborted } from '../../engine/errors.ts';
import type {
  ChatMessage,
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
  Tokenizer,
} from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import { approximateTokenizer } from '../../engine/tokens.ts';
import { ModelNotLoadedError } from '../errors.ts';
import type { ChatEngine, EngineRequest, EngineUsage } from './chat-engine.ts';
import { mapEngineError } from './engine-errors.ts';
import { loadProgressMapper } from './load-progress.ts';
import { PriorityQueue } from './priority-queue.ts';
import { callPriority } from '../../engine/llm-purposes.ts';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

export interface WebLlmPortOptions {
  readonly engine: ChatEngine;
  readonly modelId: string;
  /** Fallback token counter (default: the engine's approximation). */
  readonly tokenizer?: Tokenizer;
  /** Runs before loading (e.g. ask for persistent storage when a large download is due). */
  readonly beforeLoad?: () => Promise<void>;
  /** Hears of every answered call: its purpose, tokens and queue wait (the app's call log). */
  readonly onCall?: (call: CallRecord) => void;
}

export type DeltaCallback = (delta: string, textSoFar: string) => void;

export class WebLlmPort implements LlmPort {
  readonly id: string;
  private readonly engine: ChatEngine;
  private readonly queue = new PriorityQueue();
  private readonly fallback: Tokenizer;
  private loading: Promise<void> | undefined;
  private loadState: LoadState = 'idle';
  private readonly speeds = new SpeedMeter();

  constructor(private readonly options: WebLlmPortOptions) {
    this.engine = options.engine;
    this.id = `web-llm:${options.modelId}`;
    this.fallback = options.tokenizer ?? approximateTokenizer;
  }

  /** The loaded model's speed on this device, from web-llm's stats of its recent calls. */
  measuredProfile(): DeviceProfile | undefined {
    return this.speeds.profile();
  }

  get modelId(): string {
    return this.options.modelId;
  }

  get state(): LoadState {
    return this.loadState;
  }

  /** Calls queued or running. */
  get pending(): number {
    return this.queue.size;
  }

  /** Loads the model once; concurrent callers share the load. Cancelling unloads the engine. */
  load(onProgress?: ProgressCallback, signal?: AbortSignal): Promise<void> {
    if (this.loadState === 'ready') return Promise.resolve();
    if (this.loading) return this.loading;
    const { modelId } = this.options;
    this.loadState = 'loading';
    this.loading = this.queue
      .run(
        async () => {
          await this.options.beforeLoad?.();
          throwIfAborted(signal);
          const progress = loadProgressMapper(`load ${modelId}`, onProgress);
          const onAbort = () => void this.engine.unload().catch(() => undefined);
          signal?.addEventListener('abort', onAbort, { once: true });
          try {
            await this.engine.load(modelId, (report) => progress.report(report));
          } catch (error) {
            throw signal?.aborted
              ? abortErrorFrom(signal)
              : mapEngineError(error, { modelId, phase: 'load' });
          } finally {
            signal?.removeEventListener('abort', onAbort);
          }
          throwIfAborted(signal);
          progress.done();
        },
        signal ? { signal } : {},
      )
      .then(
        () => {
          this.loadState = 'ready';
        },
        (error: unknown) => {
          this.loadState = 'failed';
          this.loading = undefined;
          throw error;
        },
      );
    return this.loading;
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.generate(request, toEngineRequest(request));
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.generate(request, {
      ...toEngineRequest(request),
      response_format: { type: 'json_object', schema: JSON.stringify(request.schema) },
    });
  }

  /** Streaming chat: `onDelta` sees each piece as it is generated. */
  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion> {
    return this.generate(request, toEngineRequest(request), onDelta);
  }

  async countTokens(text: string): Promise<number> {
    if (this.loadState === 'ready' && this.engine.countTokens) {
      try {
        return await this.engine.countTokens(text);
      } catch {
        // The tokenizer is unavailable (engine internals changed): fall back below.
      }
    }
    return this.fallback.count(text);
  }

  /** Unloads the model (frees GPU memory); queued after running calls. */
  unload(): Promise<void> {
    return this.queue.run(async () => {
      await this.engine.unload();
      this.loadState = 'idle';
      this.loading = undefined;
    });
  }

  private async generate(
    request: CompletionRequest,
    engineRequest: EngineRequest,
    onDelta?: DeltaCallback,
  ): Promise<Completion> {
    const { signal, purpose } = request;
    return this.queue.run(
      async (queueMs) => {
        if (this.loadState !== 'ready') throw new ModelNotLoadedError(this.options.modelId);
        const onAbort = () => this.engine.interrupt();
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
          const { text, usage, aborted } = onDelta
            ? await this.runStream(engineRequest, onDelta, signal)
            : await this.runComplete(engineRequest);
          if (signal?.aborted || aborted) throw abortErrorFrom(signal);
          if (usage?.prefill_tokens_per_s !== undefined && usage.decode_tokens_per_s !== undefined)
            this.speeds.record({
              prefillTokensPerSecond: usage.prefill_tokens_per_s,
              decodeTokensPerSecond: usage.decode_tokens_per_s,
            });
          const completion: Completion = {
            text,
            promptTokens: usage?.prompt_tokens ?? this.fallbackCount(request.messages),
            completionTokens: usage?.completion_tokens ?? this.fallback.count(text),
            queueMs,
          };
          this.options.onCall?.(callRecord(purpose, completion));
          return completion;
        } catch (error) {
          if (signal?.aborted) throw abortErrorFrom(signal);
          if (error instanceof AbortError) throw error;
          throw mapEngineError(error, {
            modelId: this.options.modelId,
            phase: 'generate',
            ...(purpose === undefined ? {} : { purpose }),
          });
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      },
      { priority: callPriority(request.purpose), ...(signal ? { signal } : {}) },
    );
  }

  private async runComplete(engineRequest: EngineRequest) {
    const result = await this.engine.complete(engineRequest);
    return { text: result.text, usage: result.usage, aborted: result.finishReason === 'abort' };
  }

  private async runStream(
    engineRequest: EngineRequest,
    onDelta: DeltaCallback,
    signal?: AbortSignal,
  ) {
    let text = '';
    let usage: EngineUsage | undefined;
    let aborted = false;
    for await (const chunk of this.engine.stream(engineRequest)) {
      if (chunk.usage) usage = chunk.usage;
      if (chunk.finishReason === 'abort') aborted = true;
      if (chunk.delta && !signal?.aborted) {
        text += chunk.delta;
        onDelta(chunk.delta, text);
      }
    }
    return { text, usage, aborted };
  }

  private fallbackCount(messages: readonly ChatMessage[]): number {
    return messages.reduce((n, m) => n + this.fallback.count(m.content) + 4, 0);
  }
}

function toEngineRequest(request: CompletionRequest): EngineRequest {
  return {
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    max_tokens: Math.max(1, Math.floor(request.maxTokens)),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}
