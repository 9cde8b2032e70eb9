/**
 * A caller's side of the embed worker: an EmbedderPort that messages workers/embed.worker.ts,
 * over the worker itself (the page) or over a MessagePort to it (the memory and explorer
 * workers). Calls are numbered; vectors come back as transferred Float32Array buffers; worker
 * errors are rebuilt as the app's error classes from `{ name, message }`.
 */
import { AbortError } from '../../engine/errors.ts';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import { RpcChannel, type RpcPort, type RpcWorkerLike } from '../../rpc/rpc-channel.ts';
import { errorFromWire as rebuildError, type WireError } from '../../rpc/wire-error.ts';
import {
  embedWorkerName,
  type EmbedRequest,
  type EmbedResponse,
  type LoadedInfo,
  type LoadOptions,
} from './embed-protocol.ts';
import { ortBuildFor, type OrtBuild } from './ort-files.ts';
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

export type EmbedChannel = RpcChannel<EmbedRequest, EmbedResponse>;

/**
 * A channel to the embed worker over `port`: the Worker itself (it can crash: `onCrash`), or a
 * MessagePort to it (started by the caller).
 */
export function openEmbedChannel(
  port: RpcPort<EmbedRequest, EmbedResponse>,
  onCrash?: (error: Error) => void,
): EmbedChannel {
  return new RpcChannel<EmbedRequest, EmbedResponse>(port, {
    errors: ERROR_CLASSES,
    updates: ['progress'],
    worker: 'the embed worker',
    ...(onCrash ? { onCrash } : {}),
  });
}

export function createEmbedWorker(build: OrtBuild): Worker {
  return new Worker(new URL('../../../workers/embed.worker.ts', import.meta.url), {
    type: 'module',
    name: embedWorkerName(build),
  });
}

export class EmbedClient implements EmbedderPort {
  readonly id: string;
  readonly dimension: number;
  readonly device: EmbedderDevice;
  readonly fallbackReason: string | undefined;
  private readonly model: string;
  private closed: Error | undefined;

  private constructor(
    private readonly channel: EmbedChannel,
    info: LoadedInfo,
    /** Whether the client owns its worker (stops it on terminate) or shares it. */
    private readonly owned: boolean,
  ) {
    this.id = `worker:${info.modelId}@${info.device}`;
    this.dimension = info.dimension;
    this.device = info.device;
    this.fallbackReason = info.fallbackReason;
    this.model = info.model;
  }

  /** Starts an embed worker of its own, loads in it, and resolves once the model is ready. */
  static async create(
    options: LoadOptions & { readonly onProgress?: ProgressCallback },
    worker: WorkerLike = createEmbedWorker(ortBuildFor(options.device)),
  ): Promise<EmbedClient> {
    const channel = openEmbedChannel(worker);
    try {
      return await EmbedClient.load(channel, options, true);
    } catch (error) {
      worker.terminate();
      throw error;
    }
  }

  /**
   * Loads over a channel shared with other clients (the tab's one embed worker): a model that
   * worker already loaded for anyone is not loaded again.
   */
  static async load(
    channel: EmbedChannel,
    options: LoadOptions & { readonly onProgress?: ProgressCallback },
    owned = false,
  ): Promise<EmbedClient> {
    const { onProgress, ...load } = options;
    const reply = await channel.call({ type: 'load', options: load }, (update) => {
      if (update.type === 'progress') onProgress?.(update.progress);
    });
    if (reply.type !== 'loaded') throw new EmbedderLoadError(`unexpected reply "${reply.type}"`);
    return new EmbedClient(channel, reply.info, owned);
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    if (this.closed) throw this.closed;
    if (texts.length === 0) return [];
    const reply = await this.channel.call(
      { type: 'embed', model: this.model, texts: [...texts] },
      undefined,
      signal,
    );
    if (reply.type !== 'vectors' || reply.vectors.length !== texts.length) {
      throw new EmbedderRunError(
        `The embed worker answered ${texts.length} texts with "${reply.type}".`,
      );
    }
    return reply.vectors;
  }

  /** Stops the worker when the client owns it; a shared worker stays for its other callers. */
  terminate(): void {
    const reason = new EmbedderLoadError('The embedder was shut down.');
    if (this.owned) this.channel.close(reason);
    else this.closed = reason;
  }
}
