/**
 * The page side of the explorer worker, on Grove's one RPC (src/rpc): progress routed to its
 * caller, a build cancelled by its AbortSignal, errors rebuilt as their classes, the LLM calls
 * the worker makes answered by the page's active model (src/rpc/page-llm-bridge.ts), its embedder
 * run by the tab's one embed worker (src/models/embedder/embed-runtime.ts). A worker
 * that stops fails its calls with WorkerCrashedError and is replaced by a fresh one (whose
 * dataset must be loaded again).
 */
import type { LlmPort } from '../engine/ports.ts';
import type { Progress } from '../engine/progress.ts';
import { servePageLlm } from '../rpc/page-llm-bridge.ts';
import type { EmbedRuntime } from '../models/embedder/embed-runtime.ts';
import { restartBudget } from '../rpc/restart-budget.ts';
import { RpcChannel } from '../rpc/rpc-channel.ts';
import { errorClassesOf } from '../rpc/wire-error.ts';
import { MEMORY_ERROR_CLASSES } from '../memory-backend/memory-errors.ts';
import { MissingBaselineInputError } from '../engine/baselines/index.ts';
import { InvalidSessionWeightError } from '../engine/baselines/bm25-turns.ts';
import { DatasetFormatError } from '../engine/datasets/eval-model.ts';
import { ConversationFormatError } from '../engine/datasets/grove-format.ts';
import { OracleNoiseError } from '../engine/eval/counted-oracle.ts';
import { explorerConfigName } from './explorer-config.ts';
import * as explorerErrors from './explorer-errors.ts';
import type {
  BuildSummary,
  DatasetSummary,
  ExplorerRequest,
  ExplorerResponse,
  ExplorerWorkerConfig,
  RunOptions,
  RunSummary,
} from './explorer-protocol.ts';

type Reply = Exclude<ExplorerResponse, { type: 'progress' | 'error' }>;
type Call = Exclude<ExplorerRequest, { type: 'cancel' }>;

/** The memory worker's engine errors, the explorer's own, and those of datasets and baselines. */
const EXPLORER_ERROR_CLASSES = {
  ...MEMORY_ERROR_CLASSES,
  ...errorClassesOf(explorerErrors),
  DatasetFormatError,
  ConversationFormatError,
  MissingBaselineInputError,
  InvalidSessionWeightError,
  OracleNoiseError,
};

export function createExplorerWorker(config: ExplorerWorkerConfig): Worker {
  return new Worker(new URL('../../workers/explorer.worker.ts', import.meta.url), {
    type: 'module',
    name: explorerConfigName(config),
  });
}

export class ExplorerClient {
  private channel!: RpcChannel<Call, ExplorerResponse>;
  private stop = new AbortController();
  private building: AbortController | undefined;
  private terminated = false;
  private readonly crashListeners = new Set<(error: Error, restarted: boolean) => void>();
  private readonly mayRestart = restartBudget();

  constructor(
    private readonly startWorker: () => Worker,
    /** The page's loaded LLM (llm mode 'page'), read at each call. */
    private readonly pageLlm: () => LlmPort | undefined,
    /** The tab's embed runtime, lent to each worker started (its bundled embedder runs there). */
    private readonly embedRuntime?: Pick<EmbedRuntime, 'lend'>,
  ) {
    this.start();
  }

  /** Tells `listener` when the worker stopped (a fresh one has started); returns an unsubscribe. */
  onCrash(listener: (error: Error, restarted: boolean) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  /** Cancels the build running now, if any (its call fails with AbortError). */
  cancelBuild(): void {
    this.building?.abort();
  }

  async loadFile(file: File): Promise<DatasetSummary> {
    const reply = await this.call({ type: 'load-file', file });
    return expect(reply, 'loaded').summary;
  }

  async loadUrl(url: string, name: string): Promise<DatasetSummary> {
    const reply = await this.call({ type: 'load-url', url, name });
    return expect(reply, 'loaded').summary;
  }

  /**
   * Builds one conversation's tree. `cancelBuild()` or a fired `signal` cancels it (AbortError),
   * in the worker too: the build stops between its steps and the worker takes the next request.
   */
  async build(
    conversation: number,
    onProgress: (p: Progress) => void,
    signal?: AbortSignal,
  ): Promise<BuildSummary> {
    const pageLlm = this.pageLlm()?.id;
    const control = new AbortController();
    this.building = control;
    try {
      const reply = await this.call(
        { type: 'build', conversation, ...(pageLlm ? { pageLlm } : {}) },
        onProgress,
        signal ? AbortSignal.any([signal, control.signal]) : control.signal,
      );
      return expect(reply, 'built').build;
    } finally {
      if (this.building === control) this.building = undefined;
    }
  }

  async run(options: RunOptions): Promise<RunSummary> {
    const pageLlm = this.pageLlm()?.id;
    const reply = await this.call({ type: 'run', options, ...(pageLlm ? { pageLlm } : {}) });
    return expect(reply, 'ran').run;
  }

  /**
   * Stops the worker (the explorer unmounted). A call made after this starts a fresh one, so a
   * remount (React's StrictMode mounts twice in development) finds a working client.
   */
  terminate(): void {
    this.terminated = true;
    this.stop.abort();
    this.channel.close(new ExplorerClosedError());
  }

  private start(): void {
    const worker = this.startWorker();
    const stop = new AbortController();
    this.stop = stop;
    this.embedRuntime?.lend(worker, stop.signal);
    servePageLlm(worker, this.pageLlm, stop.signal);
    this.channel = new RpcChannel<Call, ExplorerResponse>(worker, {
      errors: EXPLORER_ERROR_CLASSES,
      updates: ['progress'],
      worker: 'the explorer worker',
      onCrash: (error) => {
        stop.abort(error);
        // A worker that keeps stopping is left stopped: its calls go on failing with `error`.
        const restarted = this.mayRestart();
        if (restarted) this.start();
        for (const listener of this.crashListeners) listener(error, restarted);
      },
    });
  }

  private async call(
    request: DistributiveOmit<Call, 'id'>,
    onProgress?: (p: Progress) => void,
    signal?: AbortSignal,
  ): Promise<Reply> {
    if (this.terminated) {
      this.terminated = false;
      this.start();
    }
    const reply = await this.channel.call(
      request,
      onProgress
        ? (update) => {
            if (update.type === 'progress') onProgress(update.progress);
          }
        : undefined,
      signal,
    );
    return reply as Reply;
  }
}

export class ExplorerClosedError extends Error {
  override readonly name = 'ExplorerClosedError';
  constructor() {
    super('The explorer was closed while this was running: open it again.');
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function expect<T extends Reply['type']>(reply: Reply, type: T): Extract<Reply, { type: T }> {
  if (reply.type !== type)
    throw new Error(`The explorer worker answered "${reply.type}" instead of "${type}".`);
  return reply as Extract<Reply, { type: T }>;
}
