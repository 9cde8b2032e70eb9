/**
 * LlmPort over a transformers.js text-generation pipeline on WASM: the fallback when WebGPU is
 * missing. Much slower than web-llm and without constrained decoding, so structured calls put the
 * JSON schema in a system instruction and rely on the engine's validation and bounded retries.
 *
 * The pipeline and the two transformers.js helpers it needs (a TextStreamer for deltas, an
 * InterruptableStoppingCriteria for cancellation) are injected: the real ones come from
 * transformers-textgen-loader.ts, tests pass fakes (no weights exist on this machine).
 */
import { AbortError, LlmCallError, abortErrorFrom, isAbortError } from '../../engine/errors.ts';
import type {
  ChatMessage,
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../engine/ports.ts';
import { PriorityQueue } from './priority-queue.ts';
import { callPriority } from '../../engine/llm-purposes.ts';
import type { DeltaCallback } from './web-llm-port.ts';

export interface TextGenMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TextGenOptions {
  max_new_tokens: number;
  do_sample: boolean;
  temperature?: number;
  return_full_text: false;
  streamer?: unknown;
  stopping_criteria?: unknown;
}

/** The callable pipeline returned by `pipeline('text-generation', ...)`. */
export interface TextGenPipelineLike {
  (messages: TextGenMessage[], options: TextGenOptions): Promise<unknown>;
  readonly tokenizer: { encode(text: string): ArrayLike<number> };
}

export interface Stopper {
  interrupt(): void;
  reset(): void;
}

export interface TextGenHelpers {
  /** A TextStreamer calling `onText` with each decoded piece (prompt skipped). */
  createStreamer(
    tokenizer: TextGenPipelineLike['tokenizer'],
    onText: (text: string) => void,
  ): unknown;
  /** An InterruptableStoppingCriteria (pass it as `stopping_criteria`). */
  createStopper(): Stopper;
}

export class TransformersTextGenPort implements LlmPort {
  readonly id: string;
  private readonly queue = new PriorityQueue();
  private readonly stopper: Stopper;

  constructor(
    private readonly modelId: string,
    private readonly generator: TextGenPipelineLike,
    private readonly helpers: TextGenHelpers,
  ) {
    this.id = `transformers-wasm:${modelId}`;
    this.stopper = helpers.createStopper();
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.generate(request, request.messages);
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    const instruction: ChatMessage = {
      role: 'system',
      content:
        'Reply with only a JSON value matching this JSON schema, no prose, no code fences:\n' +
        JSON.stringify(request.schema),
    };
    return this.generate(request, [instruction, ...request.messages]);
  }

  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion> {
    return this.generate(request, request.messages, onDelta);
  }

  countTokens(text: string): number {
    return this.generator.tokenizer.encode(text).length;
  }

  private generate(
    request: CompletionRequest,
    messages: readonly ChatMessage[],
    onDelta?: DeltaCallback,
  ): Promise<Completion> {
    const { signal } = request;
    return this.queue.run(
      async (queueMs) => {
        this.stopper.reset();
        const onAbort = () => this.stopper.interrupt();
        signal?.addEventListener('abort', onAbort, { once: true });
        let streamed = '';
        const streamer = onDelta
          ? this.helpers.createStreamer(this.generator.tokenizer, (piece) => {
              if (!piece || signal?.aborted) return;
              streamed += piece;
              onDelta(piece, streamed);
            })
          : undefined;
        try {
          const output = await this.generator(
            messages.map((m) => ({ role: m.role, content: m.content })),
            {
              max_new_tokens: Math.max(1, Math.floor(request.maxTokens)),
              do_sample: (request.temperature ?? 0) > 0,
              ...(request.temperature ? { temperature: request.temperature } : {}),
              return_full_text: false,
              stopping_criteria: [this.stopper],
              ...(streamer ? { streamer } : {}),
            },
          );
          if (signal?.aborted) throw abortErrorFrom(signal);
          const text = generatedText(output);
          return {
            text,
            promptTokens: messages.reduce((n, m) => n + this.countTokens(m.content) + 4, 0),
            completionTokens: this.countTokens(text),
            queueMs,
          };
        } catch (error) {
          if (signal?.aborted) throw abortErrorFrom(signal);
          if (error instanceof AbortError || isAbortError(error)) throw error;
          const purpose = request.purpose ?? 'chat';
          const detail = error instanceof Error ? error.message : String(error);
          throw new LlmCallError(
            `${this.modelId} (WASM) failed during "${purpose}": ${detail}. If memory ran out, choose a smaller model or run without an LLM.`,
            purpose,
            { cause: error },
          );
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      },
      { priority: callPriority(request.purpose), ...(signal ? { signal } : {}) },
    );
  }
}

/** The assistant text from a text-generation output (chat or plain-text form). */
export function generatedText(output: unknown): string {
  const first = Array.isArray(output)
    ? (output[0] as { generated_text?: unknown } | undefined)
    : undefined;
  const generated = first?.generated_text;
  if (typeof generated === 'string') return generated;
  if (Array.isArray(generated)) {
    const last = generated.at(-1) as { role?: unknown; content?: unknown } | undefined;
    if (last?.role === 'assistant' && typeof last.content === 'string') return last.content;
  }
  throw new Error('the text-generation pipeline returned no generated_text');
}
