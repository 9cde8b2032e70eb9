/**
 * The page side of the embed worker: an EmbedderPort that messages workers/embed.worker.ts.
 * Calls are numbered; vectors come back as transferred Float32Array buffers; worker errors are
 * rebuilt as the app's error classes from `{ name, message }`.
 */
import { AbortError } from '../../engine/errors.ts';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import { RpcChannel, type RpcWorkerLike } from '../../rpc/rpc-channel.ts';
import { errorFromWire as rebuildError, type WireError } from '../../rpc/wire-error.ts';
import type { EmbedRequest, EmbedResponse, LoadedInfo, LoadOptions } from './embed-protocol.ts';
import {
  EmbedderDeviceError,
  EmbedderLoadError,
  EmbedderModelMissingError,
  EmbedderRunError,
  ModelBaseUrlError,
} from './errors.ts';
import type { EmbedderDevice } from './transformers-embedder.ts';

/** The parts of a Worker the client uses (a real Worker, or a fake in tests). */
export type WorkerLike = RpcWorkerLike<EmbedRequest, EmbedResponse>;

const ERROR_CLASSES = {
  AbortError,
  EmbedderDeviceError,
  EmbedderLoadError,
  EmbedderModelMissingError,
  EmbedderRunError,
  ModelBaseUrlError,
};

export function errorFromWire(wire: WireError): Error {
  return rebuildError(wire, ERROR_CLASSES);
}

type Channel = RpcChannel<EmbedRequest, EmbedResponse>;

function openChannel(worker: WorkerLike): Channel {
  return new RpcChannel<EmbedRequest, EmbedResponse>(worker, {
    errors: ERROR_CLASSES,
    updates: ['progress'],
    crashed: (detail) => new EmbedderLoadError(`The embed worker crashed: ${detail}.`),
  });
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
    const channel = openChannel(worker);
    const { onProgress, ...load } = options;
    try {
      const reply = await channel.call({ type: 'load', options: load }, (update) => {
        if (update.type === 'progress') onProgress?.(update.progress);
      });
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
