/**
 * The page's LLM, lent to a worker. Models load on the page (web-llm runs in its own worker, the
 * WASM fallback on the page), while extraction, summaries, judges and explorer builds run in the
 * memory and explorer workers: this bridge carries their calls to the page over the worker's
 * own port, on the `page-llm` channel, with Grove's one RPC (so a worker's AbortSignal reaches
 * the page's engine queue, which drops a waiting call, and errors keep their class).
 *
 * Worker side: PageLlmClient is an LlmPort whose calls are made by the page; `available` names
 * the page's model, or is null when none is loaded. Page side: servePageLlm answers them.
 */
import type { Completion, CompletionRequest, LlmPort, StructuredRequest } from '../engine/ports.ts';
import { approximateTokenizer } from '../engine/tokens.ts';
import { RpcChannel, type RpcPort } from './rpc-channel.ts';
import { serveRequests } from './serve-requests.ts';

export const PAGE_LLM_CHANNEL = 'page-llm';

export type PageLlmRequest = {
  readonly type: 'complete';
  readonly id: number;
  readonly channel?: string;
  readonly structured: boolean;
  /** The request without its AbortSignal (the signal crosses as the call's own). */
  readonly request: Omit<StructuredRequest, 'signal'> | Omit<CompletionRequest, 'signal'>;
};

export type PageLlmResponse = {
  readonly type: 'completion';
  readonly id: number;
  readonly channel?: string;
  readonly completion: Completion;
};

export class NoPageModelError extends Error {
  override readonly name = 'NoPageModelError';
  constructor() {
    super('No model is loaded on the page any more: load one in Settings, then try again.');
  }
}

export interface PageLlmClientOptions {
  /** Put before the model's id in this port's id (the memory worker's is `page:<model>`). */
  readonly idPrefix?: string;
}

export class PageLlmClient implements LlmPort {
  /** The page model's id while one is loaded, else null. */
  available: string | null = null;
  private readonly channel: RpcChannel<PageLlmRequest, PageLlmResponse>;

  constructor(
    port: RpcPort<unknown, unknown>,
    private readonly options: PageLlmClientOptions = {},
  ) {
    this.channel = new RpcChannel<PageLlmRequest, PageLlmResponse>(
      port as RpcPort<PageLlmRequest, PageLlmResponse>,
      { channel: PAGE_LLM_CHANNEL, errors: { NoPageModelError }, worker: 'the page' },
    );
  }

  get id(): string {
    return `${this.options.idPrefix ?? ''}${this.available ?? 'none'}`;
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.call(false, request);
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.call(true, request);
  }

  countTokens(text: string): number {
    return approximateTokenizer.count(text);
  }

  private async call(structured: boolean, request: CompletionRequest): Promise<Completion> {
    if (this.available === null) throw new NoPageModelError();
    const { signal, ...wire } = request as StructuredRequest;
    const reply = await this.channel.call(
      { type: 'complete', structured, request: wire },
      undefined,
      signal,
    );
    return reply.completion;
  }
}

export interface PagePort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Page side: answers the worker's LLM calls with the page's current model. Aborting `stop`
 * (the worker died) aborts the calls still running or waiting for it.
 */
export function servePageLlm(
  worker: PagePort,
  llm: () => LlmPort | undefined,
  stop?: AbortSignal,
): void {
  const serve = serveRequests<PageLlmRequest, PageLlmResponse>(
    async ({ structured, request }, signal, reply) => {
      const port = llm();
      if (!port) throw new NoPageModelError();
      const call = { ...request, signal };
      const completion =
        structured && 'schema' in call
          ? await port.completeStructured(call)
          : await port.complete(call);
      reply({ type: 'completion', completion });
    },
    (message) => worker.postMessage(message),
    {
      channel: PAGE_LLM_CHANNEL,
      // The page's engine queues its calls itself (a user's turn before background work).
      concurrent: () => true,
      ...(stop ? { signal: stop } : {}),
    },
  );
  worker.addEventListener('message', (event) => serve(event.data));
}
