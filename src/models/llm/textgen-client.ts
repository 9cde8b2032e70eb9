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
import { restartBudget } from '../../rpc/restart-budget.ts';
import { RpcChannel, type RpcWorkerLike } from '../../rpc/rpc-channel.ts';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';
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

/** How the worker is watched once the model is loaded (supervised-engine.ts does the same for web-llm). */
export interface TextGenSupervision {
  /** Starts a fresh worker after a crash (default: workers/textgen.worker.ts). */
  readonly startWorker?: () => TextGenWorkerLike;
  /** Whether another restart is allowed now (default: 3 a minute). */
  readonly mayRestart?: () => boolean;
  /** The worker stopped: every waiting call failed with `error`. */
  readonly onCrash?: (error: WorkerCrashedError, restarting: boolean) => void;
  /** A fresh worker is up with the model loaded again. */
  readonly onRestarted?: () => void;
}

const WORKER_NAME = 'the text-generation worker';

export class TextGenClient implements LlmPort {
  readonly id: string;
  /** The live channel; while a restart runs, the one it will be. */
  private channel: Promise<RpcChannel<TextGenRequest, TextGenResponse>>;
  /** The live channel itself, so that a call is posted at once (undefined while restarting). */
  private live: RpcChannel<TextGenRequest, TextGenResponse> | undefined;
  private disposed = false;

  private constructor(
    channel: RpcChannel<TextGenRequest, TextGenResponse>,
    readonly modelId: string,
    private readonly load: TextGenLoadOptions,
    private readonly supervision: TextGenSupervision,
    private readonly mayRestart: () => boolean,
    private readonly onCall?: (call: CallRecord) => void,
  ) {
    this.id = `transformers-wasm:${modelId}`;
    this.channel = Promise.resolve(channel);
    this.live = channel;
  }

  /** Starts the worker, loads the model there, and resolves once it can generate. */
  static async create(
    options: TextGenClientOptions,
    worker: TextGenWorkerLike = createTextGenWorker(),
    supervision: TextGenSupervision = {},
  ): Promise<TextGenClient> {
    const { onProgress, signal, onCall, ...load } = options;
    // A crash after the load reaches the client made below.
    const made: { client?: TextGenClient } = {};
    const channel = await openChannel(load, worker, (error) => made.client?.crashed(error), {
      ...(onProgress ? { onProgress } : {}),
      ...(signal ? { signal } : {}),
    });
    made.client = new TextGenClient(
      channel.channel,
      channel.modelId,
      load,
      supervision,
      supervision.mayRestart ?? restartBudget(),
      onCall,
    );
    return made.client;
  }

  /** Stops the worker now, as a crash would (the test API's "kill the model worker"). */
  kill(detail: string): void {
    void this.channel.then((channel) => channel.kill(detail)).catch(() => undefined);
  }

  /** A crash after the load: waiting calls failed; a fresh worker loads the model again. */
  private crashed(error: Error): void {
    if (this.disposed) return;
    const crash =
      error instanceof WorkerCrashedError
        ? error
        : new WorkerCrashedError(WORKER_NAME, error.message);
    const restarting = this.mayRestart();
    this.live = undefined;
    if (restarting) {
      const start = this.supervision.startWorker ?? createTextGenWorker;
      this.channel = openChannel(this.load, start(), (e) => this.crashed(e), {}).then(
        ({ channel }) => {
          this.live = channel;
          this.supervision.onRestarted?.();
          return channel;
        },
      );
    } else this.channel = Promise.reject(crash);
    this.channel.catch(() => undefined);
    this.supervision.onCrash?.(crash, restarting);
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
    const reply = await (this.live ?? (await this.channel)).call({ type: 'count', text });
    if (reply.type !== 'count') throw unexpected(this.modelId, reply.type);
    return reply.tokens;
  }

  /** Stops the worker; pending and later calls fail. */
  terminate(): void {
    this.disposed = true;
    this.live = undefined;
    const reason = new ModelNotLoadedError(this.modelId);
    void this.channel.then((channel) => channel.close(reason)).catch(() => undefined);
    this.channel = Promise.reject(reason);
    this.channel.catch(() => undefined);
  }

  private async generate(
    request: CompletionRequest,
    mode: GenerateMode,
    onDelta?: DeltaCallback,
  ): Promise<Completion> {
    let text = '';
    const channel = this.live ?? (await this.channel);
    const reply = await channel
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

/** A channel to `worker` with the model loaded there; `onCrash` hears of a later crash. */
async function openChannel(
  load: TextGenLoadOptions,
  worker: TextGenWorkerLike,
  onCrash: (error: Error) => void,
  options: { readonly onProgress?: ProgressCallback; readonly signal?: AbortSignal },
): Promise<{ channel: RpcChannel<TextGenRequest, TextGenResponse>; modelId: string }> {
  let loaded = false;
  const channel = new RpcChannel<TextGenRequest, TextGenResponse>(worker, {
    errors: { ...ERROR_CLASSES, WorkerCrashedError },
    updates: ['progress', 'delta'],
    // While loading, a crash is the load's failure; after it, the worker's.
    crashed: (detail) =>
      loaded
        ? new WorkerCrashedError(WORKER_NAME, detail)
        : new ModelLoadError(load.modelId, `the text-generation worker crashed (${detail})`),
    onCrash: (error) => {
      if (loaded) onCrash(error);
    },
  });
  try {
    const reply = await channel.call(
      { type: 'load', options: load },
      (update) => {
        if (update.type === 'progress') options.onProgress?.(update.progress);
      },
      options.signal,
    );
    if (reply.type !== 'loaded') throw unexpected(load.modelId, reply.type);
    loaded = true;
    return { channel, modelId: reply.modelId };
  } catch (error) {
    channel.close(error instanceof Error ? error : new Error(String(error)));
    throw error;
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
