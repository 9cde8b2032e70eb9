/**
 * An EmbedderPort that loads its model on first use, so opening the memory worker costs nothing
 * until a memory is written or searched. A failed load is retried on the next call.
 */
import type { EmbedderPort } from '../engine/ports.ts';
import type { Vector } from '../engine/types.ts';

export class LazyEmbedder implements EmbedderPort {
  private loading: Promise<EmbedderPort> | undefined;
  private loaded: EmbedderPort | undefined;

  constructor(
    readonly id: string,
    readonly dimension: number,
    private readonly load: () => Promise<EmbedderPort>,
  ) {}

  /** The loaded embedder, or undefined before the first call finished loading it. */
  get current(): EmbedderPort | undefined {
    return this.loaded;
  }

  ready(): Promise<EmbedderPort> {
    this.loading ??= this.load().then(
      (embedder) => {
        if (embedder.dimension !== this.dimension) {
          throw new Error(
            `The embedder ${embedder.id} gives ${embedder.dimension}-d vectors; memory expects ${this.dimension}.`,
          );
        }
        this.loaded = embedder;
        return embedder;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    return (await this.ready()).embed(texts, signal);
  }
}
