/**
 * The page side of the explorer worker: numbered requests, progress callbacks, errors rebuilt
 * from `{ name, message }`, and the LLM calls the worker asks of the page answered with the
 * page's active model.
 */
import type { LlmPort } from '../../engine/ports.ts';
import type { Progress } from '../../engine/progress.ts';
import { explorerConfigName } from './explorer-config.ts';
import type {
  BuildSummary,
  DatasetSummary,
  ExplorerRequest,
  ExplorerResponse,
  ExplorerWorkerConfig,
  RunOptions,
  RunSummary,
} from './explorer-protocol.ts';
import { toWireError } from './explorer-protocol.ts';

type Reply = Exclude<ExplorerResponse, { type: 'progress' | 'llm-call' }>;

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  onProgress?: ((p: Progress) => void) | undefined;
}

export function createExplorerWorker(config: ExplorerWorkerConfig): Worker {
  return new Worker(new URL('../../../workers/explorer.worker.ts', import.meta.url), {
    type: 'module',
    name: explorerConfigName(config),
  });
}

export class ExplorerClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly worker: Worker,
    /** The page's loaded LLM (llm mode 'page'), read at each call. */
    private readonly pageLlm: () => LlmPort | undefined,
  ) {
    worker.addEventListener('message', (event: MessageEvent<ExplorerResponse>) =>
      this.receive(event.data),
    );
    worker.addEventListener('error', (event) => {
      const error = new Error(
        `The explorer worker crashed: ${event.message || 'could not start it'}.`,
      );
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
  }

  async loadFile(file: File): Promise<DatasetSummary> {
    const reply = await this.call({ type: 'load-file', file });
    return expect(reply, 'loaded').summary;
  }

  async loadUrl(url: string, name: string): Promise<DatasetSummary> {
    const reply = await this.call({ type: 'load-url', url, name });
    return expect(reply, 'loaded').summary;
  }

  async build(conversation: number, onProgress: (p: Progress) => void): Promise<BuildSummary> {
    const pageLlm = this.pageLlm()?.id;
    const reply = await this.call(
      { type: 'build', conversation, ...(pageLlm ? { pageLlm } : {}) },
      onProgress,
    );
    return expect(reply, 'built').build;
  }

  async run(options: RunOptions): Promise<RunSummary> {
    const pageLlm = this.pageLlm()?.id;
    const reply = await this.call({ type: 'run', options, ...(pageLlm ? { pageLlm } : {}) });
    return expect(reply, 'ran').run;
  }

  terminate(): void {
    this.worker.terminate();
  }

  private call(
    request: DistributiveOmit<Exclude<ExplorerRequest, { type: 'llm-reply' | 'cancel' }>, 'id'>,
    onProgress?: (p: Progress) => void,
  ): Promise<Reply> {
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: ExplorerResponse): void {
    if (message.type === 'llm-call') {
      void this.answerLlm(message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'error') {
      const error = new Error(message.error.message);
      error.name = message.error.name;
      pending.reject(error);
    } else pending.resolve(message);
  }

  private async answerLlm(message: Extract<ExplorerResponse, { type: 'llm-call' }>): Promise<void> {
    const llm = this.pageLlm();
    try {
      if (!llm) throw new Error('No LLM is loaded on the page any more.');
      const completion =
        message.structured && 'schema' in message.request
          ? await llm.completeStructured(message.request)
          : await llm.complete(message.request);
      this.worker.postMessage({
        type: 'llm-reply',
        callId: message.callId,
        completion,
      } satisfies ExplorerRequest);
    } catch (error) {
      this.worker.postMessage({
        type: 'llm-reply',
        callId: message.callId,
        error: toWireError(error),
      } satisfies ExplorerRequest);
    }
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function expect<T extends Reply['type']>(reply: Reply, type: T): Extract<Reply, { type: T }> {
  if (reply.type !== type)
    throw new Error(`The explorer worker answered "${reply.type}" instead of "${type}".`);
  return reply as Extract<Reply, { type: T }>;
}
