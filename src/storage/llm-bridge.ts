/**
 * The page's LLM, lent to the memory worker. Models load on the page (web-llm runs in its own
 * worker, the WASM fallback on the page), while extraction, summaries and the tree judge run in
 * the memory worker: this bridge carries those calls across, one message each way.
 *
 * Worker side: PageLlmProxy is an LlmPort whose calls are messages; `available` names the page's
 * model, or is null when none is loaded. Page side: serveLlmRequests answers them.
 */
import type { Completion, CompletionRequest, LlmPort, StructuredRequest } from '../engine/ports.ts';
import { approximateTokenizer } from '../engine/tokens.ts';
import { RemoteError, toWireError, type WireError } from './worker-protocol.ts';

type LlmMethod = 'complete' | 'completeStructured';

export interface LlmCallMessage {
  readonly llmCall: number;
  readonly method: LlmMethod;
  /** The request without its AbortSignal (signals cannot cross). */
  readonly request: Omit<StructuredRequest, 'signal'> | Omit<CompletionRequest, 'signal'>;
}

export type LlmReplyMessage =
  | { readonly llmReply: number; readonly ok: true; readonly value: Completion }
  | { readonly llmReply: number; readonly ok: false; readonly error: WireError };

export interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export class NoPageModelError extends Error {
  override readonly name = 'NoPageModelError';
  constructor() {
    super('No model is loaded on the page any more: load one in Settings, then try again.');
  }
}

export class PageLlmProxy implements LlmPort {
  /** The page model's id while one is loaded, else null. */
  available: string | null = null;
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (c: Completion) => void; reject: (e: Error) => void }
  >();

  constructor(private readonly port: PortLike) {
    port.addEventListener('message', (event) => {
      const data = event.data as Partial<LlmReplyMessage>;
      if (typeof data.llmReply !== 'number') return;
      const pending = this.waiting.get(data.llmReply);
      if (!pending) return;
      this.waiting.delete(data.llmReply);
      const reply = data as LlmReplyMessage;
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new RemoteError(reply.error));
    });
  }

  get id(): string {
    return `page:${this.available ?? 'none'}`;
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.call('complete', request);
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.call('completeStructured', request);
  }

  countTokens(text: string): number {
    return approximateTokenizer.count(text);
  }

  private call(method: LlmMethod, request: CompletionRequest): Promise<Completion> {
    if (this.available === null) return Promise.reject(new NoPageModelError());
    request.signal?.throwIfAborted();
    const { signal: _signal, ...wire } = request as StructuredRequest;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.port.postMessage({ llmCall: id, method, request: wire } satisfies LlmCallMessage);
    });
  }
}

/** Page side: answers the worker's LLM calls with the page's current model. */
export function serveLlmRequests(worker: PortLike, llm: () => LlmPort | undefined): void {
  worker.addEventListener('message', (event) => {
    const data = event.data as Partial<LlmCallMessage>;
    if (typeof data.llmCall !== 'number' || !data.method || !data.request) return;
    const { llmCall, method, request } = data as LlmCallMessage;
    void (async (): Promise<LlmReplyMessage> => {
      try {
        const port = llm();
        if (!port) throw new NoPageModelError();
        const value =
          method === 'completeStructured'
            ? await port.completeStructured(request as StructuredRequest)
            : await port.complete(request);
        return { llmReply: llmCall, ok: true, value };
      } catch (error) {
        return { llmReply: llmCall, ok: false, error: toWireError(error) };
      }
    })().then((reply) => worker.postMessage(reply));
  });
}
