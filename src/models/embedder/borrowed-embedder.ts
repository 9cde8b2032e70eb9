/**
 * A worker's side of the tab's one embed runtime (embed-runtime.ts): an EmbedderPort for the
 * memory and explorer workers that asks the page for a port to the embed worker on first use,
 * loads its model there (a model the tab already loaded is not loaded again) and sends its texts
 * straight to the embed worker. When the page says the embed worker stopped, the calls waiting
 * on it fail with WorkerCrashedError and the next call asks for a fresh port.
 */
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import { RpcChannel, type RpcPort } from '../../rpc/rpc-channel.ts';
import { EmbedClient, openEmbedChannel, type EmbedChannel } from './embed-client.ts';
import {
  EMBED_PORT_CHANNEL,
  type EmbedPortRequest,
  type EmbedPortResponse,
  type EmbedRequest,
  type EmbedResponse,
  type LoadOptions,
} from './embed-protocol.ts';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';
import { EmbedderLoadError } from './errors.ts';

interface Attempt {
  channel?: EmbedChannel;
  port?: MessagePort;
  client: Promise<EmbedClient>;
}

export class BorrowedEmbedder implements EmbedderPort {
  private readonly page: RpcChannel<EmbedPortRequest, EmbedPortResponse>;
  private attempt: Attempt | undefined;

  constructor(
    /** The worker's own port to the page (its global scope). */
    scope: RpcPort<unknown, unknown>,
    private readonly options: LoadOptions,
    readonly id: string,
    readonly dimension: number,
  ) {
    this.page = new RpcChannel<EmbedPortRequest, EmbedPortResponse>(
      scope as RpcPort<EmbedPortRequest, EmbedPortResponse>,
      {
        channel: EMBED_PORT_CHANNEL,
        errors: { EmbedderLoadError, WorkerCrashedError },
        worker: 'the page',
        onMessage: (message) => {
          const m = message as EmbedPortResponse;
          if (m.type === 'embed-lost') this.lost(m.detail);
        },
      },
    );
  }

  /** Connects and loads (reporting load progress, if this call is the one that loads). */
  ready(onProgress?: ProgressCallback): Promise<EmbedClient> {
    if (this.attempt) return this.attempt.client;
    const attempt: Attempt = { client: Promise.resolve(undefined as never) };
    attempt.client = (async () => {
      const reply = await this.page.call({ type: 'embed-port' });
      if (reply.type !== 'embed-port') throw new EmbedderLoadError('The page lent no embed port.');
      attempt.port = reply.port;
      attempt.channel = openEmbedChannel(
        reply.port as unknown as RpcPort<EmbedRequest, EmbedResponse>,
      );
      reply.port.start();
      const client = await EmbedClient.load(attempt.channel, {
        ...this.options,
        ...(onProgress ? { onProgress } : {}),
      });
      if (client.dimension !== this.dimension)
        throw new EmbedderLoadError(
          `The embedder ${client.id} gives ${client.dimension}-d vectors; ${this.dimension} expected.`,
        );
      return client;
    })();
    this.attempt = attempt;
    attempt.client.catch(() => {
      if (this.attempt === attempt) this.attempt = undefined;
    });
    return attempt.client;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    if (texts.length === 0) return [];
    const client = await this.ready();
    return client.embed(texts, signal);
  }

  /** The embed worker stopped: fail what waits on it; the next call connects again. */
  private lost(detail: string): void {
    const attempt = this.attempt;
    this.attempt = undefined;
    attempt?.channel?.close(new WorkerCrashedError('the embed worker', detail));
    attempt?.port?.close();
  }
}

/** The model Grove ships, borrowed from the tab's embed worker by the worker whose scope this is. */
export function borrowBundledEmbedder(scope: RpcPort<unknown, unknown>): BorrowedEmbedder {
  const { modelId, dtype, dimension } = BUNDLED_EMBEDDER;
  return new BorrowedEmbedder(
    scope,
    { modelId, dtype, device: 'wasm' },
    `${modelId} (bundled)`,
    dimension,
  );
}
