/**
 * The page side of the embed worker: an EmbedderPort that messages workers/embed.worker.ts.
 * Calls are numbered; vectors come back as transferred Float32Array buffers; worker errors are
 * rebuilt as the app's error classes from `{ name, message }`.
 */
import { AbortError, abortErrorFrom } from '../../engine/errors.ts';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import type {
  EmbedRequest,
  EmbedResponse,
  LoadedInfo,
  LoadOptions,
  WireError,
} from './embed-protocol.ts';
import {
  EmbedderDeviceError,
  EmbedderLoadError,
  EmbedderModelMissingError,
  EmbedderRunError,
  ModelBaseUrlError,
} from './errors.ts';
import type { EmbedderDevice } from './transformers-embedder.ts';

/** The parts of a Worker the client uses (a real Worker, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: EmbedRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EmbedResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

const ERROR_CLASSES: Record<string, new (message: string) => Error> = {
  AbortError,
  EmbedderDeviceError,
  EmbedderLoadError,
  EmbedderModelMissingError,
  EmbedderRunError,
  ModelBaseUrlError,
};

export function errorFromWire(wire: WireError): Error {
  const Class = ERROR_CLASSES[wire.name];
  if (Class) return new Class(wire.message);
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}

interface Pending {
  resolve(value: EmbedResponse): void;
  reject(error: Error): void;
  onProgress?: ProgressCallback | undefined;
}

export function createEmbedWorker(): Worker {
  return new Worker(new URL('../../../workers/embed.worker.ts', import.meta.url), {
    type: 'module',
    name: 'grove-embed',
  });
}

export class EmbedClient implements EmbedderPort {
  readonly id: string;
  readonly dimension: number;
  readonly device: EmbedderDevice;
  readonly fallbackReason: string | undefined;

  private constructor(
    private readonly channel: Channel,
    info: LoadedInfo,
  ) {
    this.id = `worker:${info.modelId}@${info.device}`;
    this.dimension = info.dimension;
    this.device = info.device;
    this.fallbackReason = info.fallbackReason;
  }

  /** Starts loading in `worker` and resolves once the model is ready on its device. */
  static async create(
    options: LoadOptions & { readonly onProgress?: ProgressCallback },
    worker: WorkerLike = createEmbedWorker(),
  ): Promise<EmbedClient> {
    const channel = new Channel(worker);
    const { onProgress, ...load } = options;
    try {
      const reply = await channel.call({ type: 'load', options: load }, onProgress);
      if (reply.type !== 'loaded') throw new EmbedderLoadError(`unexpected reply "${reply.type}"`);
      return new EmbedClient(channel, reply.info);
    } catch (error) {
      worker.terminate();
      throw error;
    }
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    if (texts.length === 0) return [];
    const reply = await this.channel.call({ type: 'embed', texts: [...texts] }, undefined, signal);
    if (reply.type !== 'vectors' || reply.vectors.length !== texts.length) {
      throw new EmbedderRunError(
        `The embed worker answered ${texts.length} texts with "${reply.type}".`,
      );
    }
    return reply.vectors;
  }

  terminate(): void {
    this.channel.close(new EmbedderLoadError('The embedder was shut down.'));
  }
}

/** Request/response bookkeeping over one worker. */
class Channel {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed: Error | undefined;

  constructor(private readonly worker: WorkerLike) {
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) =>
      this.close(
        new EmbedderLoadError(
          `The embed worker crashed: ${event.message || 'could not start the worker script'}.`,
        ),
      ),
    );
  }

  call(
    request:
      | { readonly type: 'load'; readonly options: LoadOptions }
      | { readonly type: 'embed'; readonly texts: readonly string[] },
    onProgress?: ProgressCallback,
    signal?: AbortSignal,
  ): Promise<EmbedResponse> {
    if (this.closed) return Promise.reject(this.closed);
    if (signal?.aborted) return Promise.reject(abortErrorFrom(signal));
    const id = this.nextId++;
    return new Promise<EmbedResponse>((resolve, reject) => {
      const onAbort = () => {
        this.worker.postMessage({ type: 'cancel', id });
        this.pending.delete(id);
        reject(abortErrorFrom(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        onProgress,
      });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: EmbedResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return; // cancelled or unknown: its late answer is dropped
    if (message.type === 'progress') {
      pending.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'error') pending.reject(errorFromWire(message.error));
    else pending.resolve(message);
  }

  close(reason: Error): void {
    if (this.closed) return;
    this.closed = reason;
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
    this.worker.terminate();
  }
}
