/**
 * The page side of the WASM text-generation worker: an LlmPort that messages
 * workers/textgen.worker.ts, so the page thread never runs inference.
 *
 * - Queue: the worker runs one generation at a time, in the order the calls were made.
 * - Cancellation: a signal that fires posts `cancel` (the worker interrupts the generation, or
 *   drops the call if it has not started) and the call rejects at once with AbortError.
 * - Streaming: `delta` messages reach `onDelta` with the text so far.
 * - Progress: the worker maps transformers.js' load progress onto the app's Progress type.
 * - Errors come back as the app's classes (ModelLoadError, LlmCallError ...) from `{ name, message }`.
 */
import { callRecord, type CallRecord } from '../../engine/cost/index.ts';
import { AbortError, LlmCallError } from '../../engine/errors.ts';
import type {
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import {
  ContextWindowError,
  ModelLoadError,
  ModelNotLoadedError,
  OutOfMemoryError,
} from '../errors.ts';
import { RpcChannel, type RpcWorkerLike } from '../../rpc/rpc-channel.ts';
import type {
  GenerateMode,
  TextGenLoadOptions,
  TextGenRequest,
  TextGenResponse,
  WireCompletionRequest,
} from './textgen-protocol.ts';
import type { DeltaCallback } from './web-llm-port.ts';

export type TextGenWorkerLike = RpcWorkerLike<TextGenRequest, TextGenResponse>;

const ERROR_CLASSES = {
  AbortError,
  ContextWindowError,
  LlmCallError,
  ModelLoadError,
  ModelNotLoadedError,
  OutOfMemoryError,
};

export function createTextGenWorker(): Worker {
  return new Worker(new URL('../../../workers/textgen.worker.ts', import.meta.url), {
    type: 'module',
    name: 'grove-textgen',
  });
}

export interface TextGenClientOptions extends TextGenLoadOptions {
  readonly onProgress?: ProgressCallback;
  readonly signal?: AbortSignal;
  /** Hears of every answered call: its purpose, tokens and queue wait (the app's call log). */
  readonly onCall?: (call: CallRecord) => void;
}

export class TextGenClient implements LlmPort {
  readonly id: string;

  private constructor(
    private readonly channel: RpcChannel<TextGenRequest, TextGenResponse>,
    readonly modelId: string,
    private readonly onCall?: (call: CallRecord) => void,
  ) {
    this.id = `transformers-wasm:${modelId}`;
  }

  /** Starts the worker, loads the model there, and resolves once it can generate. */
  static async create(
    options: TextGenClientOptions,
    worker: TextGenWorkerLike = createTextGenWorker(),
  ): Promise<TextGenClient> {
    const { onProgress, signal, onCall, ...load } = options;
    const channel = new RpcChannel<TextGenRequest, TextGenResponse>(worker, {
      errors: ERROR_CLASSES,
      updates: ['progress', 'delta'],
      crashed: (detail) =>
        new ModelLoadError(load.modelId, `the text-generation worker crashed (${detail})`),
    });
    try {
      const reply = await channel.call(
        { type: 'load', options: load },
        (update) => {
          if (update.type === 'progress') onProgress?.(update.progress);
        },
        signal,
      );
      if (reply.type !== 'loaded') throw unexpected(load.modelId, reply.type);
      return new TextGenClient(channel, reply.modelId, onCall);
    } catch (error) {
      channel.close(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.generate(request, { kind: 'complete' });
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.generate(request, { kind: 'structured', schema: request.schema });
  }

  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion> {
    return this.generate(request, { kind: 'stream' }, onDelta);
  }

  /** Tokens by the model's own tokenizer (in the worker). */
  async countTokens(text: string): Promise<number> {
    const reply = await this.channel.call({ type: 'count', text });
    if (reply.type !== 'count') throw unexpected(this.modelId, reply.type);
    return reply.tokens;
  }

  /** Stops the worker; pending and later calls fail. */
  terminate(): void {
    this.channel.close(new ModelNotLoadedError(this.modelId));
  }

  private async generate(
    request: CompletionRequest,
    mode: GenerateMode,
    onDelta?: DeltaCallback,
  ): Promise<Completion> {
    let text = '';
    const reply = await this.channel
      .call(
        { type: 'generate', mode, request: toWire(request) },
        (update) => {
          if (update.type !== 'delta' || !onDelta) return;
          text += update.delta;
          onDelta(update.delta, text);
        },
        request.signal,
      )
      .catch((error: unknown) => {
        throw withPurpose(error, request.purpose ?? 'chat');
      });
    if (reply.type !== 'completion') throw unexpected(this.modelId, reply.type);
    this.onCall?.(callRecord(request.purpose, reply.completion));
    return reply.completion;
  }
}

function toWire(request: CompletionRequest): WireCompletionRequest {
  return {
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    maxTokens: request.maxTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.purpose === undefined ? {} : { purpose: request.purpose }),
  };
}

/** LlmCallError's `purpose` does not cross the wire: restore it from the request. */
function withPurpose(error: unknown, purpose: string): unknown {
  if (error instanceof LlmCallError && (error as { purpose?: string }).purpose === undefined) {
    Object.defineProperty(error, 'purpose', { value: purpose });
  }
  return error;
}

function unexpected(modelId: string, type: string): Error {
  return new LlmCallError(
    `The text-generation worker for ${modelId} answered with an unexpected "${type}" message; reload the page.`,
    'protocol',
  );
}
