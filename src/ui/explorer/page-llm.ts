/**
 * Worker side: an LlmPort whose calls are made by the page, where the active model lives (the
 * web-llm engine has its own worker; this one only forwards). Abort signals stay here: a
 * cancelled call's late reply is dropped.
 */
import { abortErrorFrom } from '../../engine/errors.ts';
import type {
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../engine/ports.ts';
import { approximateTokenizer } from '../../engine/tokens.ts';
import type { ExplorerResponse, WireError } from './explorer-protocol.ts';

interface Pending {
  resolve(c: Completion): void;
  reject(e: Error): void;
}

let nextCall = 1;

export class PageLlm implements LlmPort {
  private readonly pending = new Map<number, Pending>();

  constructor(
    readonly id: string,
    private readonly post: (message: ExplorerResponse) => void,
  ) {}

  complete(request: CompletionRequest): Promise<Completion> {
    return this.call(false, request);
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.call(true, request);
  }

  countTokens(text: string): number {
    return approximateTokenizer.count(text);
  }

  /** Routes a page reply to its call; returns false when the call is not this port's. */
  receive(
    callId: number,
    completion: Completion | undefined,
    error: WireError | undefined,
  ): boolean {
    const pending = this.pending.get(callId);
    if (!pending) return false;
    this.pending.delete(callId);
    if (completion) pending.resolve(completion);
    else {
      const e = new Error(error?.message ?? 'The page LLM gave no answer');
      e.name = error?.name ?? 'Error';
      pending.reject(e);
    }
    return true;
  }

  private call(
    structured: boolean,
    request: CompletionRequest | StructuredRequest,
  ): Promise<Completion> {
    const { signal, ...wire } = request;
    if (signal?.aborted) return Promise.reject(abortErrorFrom(signal));
    const callId = nextCall++;
    return new Promise<Completion>((resolve, reject) => {
      signal?.addEventListener(
        'abort',
        () => {
          this.pending.delete(callId);
          reject(abortErrorFrom(signal));
        },
        { once: true },
      );
      this.pending.set(callId, { resolve, reject });
      this.post({ type: 'llm-call', callId, structured, request: wire });
    });
  }
}
