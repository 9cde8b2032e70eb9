/**
 * A scripted ChatEngine for tests and e2e (ships beside the interface, like LlamaIndexTS' MockLLM).
 * It answers from a reply function, streams word by word with a real await between pieces (so any
 * interleaving would show), honours interrupt(), reports load progress like web-llm (restarting
 * per stage), and records every request and the peak number of concurrent generations.
 */
import type {
  ChatEngine,
  EngineChunk,
  EngineCompletion,
  EngineUsage,
  EngineLoadReport,
  EngineRequest,
} from './chat-engine.ts';

export interface FakeChatEngineOptions {
  /** The reply for a request (default: echoes the last user message). */
  readonly reply?: (request: EngineRequest) => string;
  /** Load reports to emit, in order (default: a download then a shader stage). */
  readonly loadReports?: readonly EngineLoadReport[];
  /** Thrown (or rejected) by load / generation, to test error mapping. */
  readonly loadError?: unknown;
  readonly generateError?: unknown;
  /** Counts with a whitespace "tokenizer" when true; absent method otherwise. */
  readonly canCountTokens?: boolean;
  /** Speeds reported with each call's usage, as web-llm measures them (default: none). */
  readonly speed?: (
    call: number,
  ) => Pick<EngineUsage, 'prefill_tokens_per_s' | 'decode_tokens_per_s'>;
}

export const DEFAULT_LOAD_REPORTS: readonly EngineLoadReport[] = [
  { progress: 0, text: 'Start to fetch params' },
  { progress: 0.4, text: 'Fetching param cache[4/10]: 120MB fetched. 40% completed' },
  { progress: 1, text: 'Fetching param cache[10/10]: 300MB fetched. 100% completed' },
  { progress: 0.2, text: 'Loading GPU shader modules[20/100]' },
  { progress: 1, text: 'Loading GPU shader modules[100/100]' },
  { progress: 1, text: 'Finish loading on WebGPU - swiftshader' },
];

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class FakeChatEngine implements ChatEngine {
  readonly requests: EngineRequest[] = [];
  loadedModel: string | undefined;
  active = 0;
  maxActive = 0;
  interrupts = 0;
  /** Each generation's pieces, in the order they were produced (for interleaving checks). */
  readonly log: string[] = [];
  readonly countTokens?: (text: string) => Promise<number>;
  private interrupted = false;
  private startWaiters: (() => void)[] = [];

  constructor(private readonly options: FakeChatEngineOptions = {}) {
    if (options.canCountTokens) {
      this.countTokens = async (text) => text.split(/\s+/).filter(Boolean).length;
    }
  }

  /** Resolves when the next generation starts producing tokens. */
  whenGenerating(): Promise<void> {
    return new Promise((resolve) => this.startWaiters.push(resolve));
  }

  async load(modelId: string, onReport: (report: EngineLoadReport) => void): Promise<void> {
    for (const report of this.options.loadReports ?? DEFAULT_LOAD_REPORTS) {
      await tick();
      onReport(report);
    }
    if (this.options.loadError !== undefined) throw this.options.loadError;
    this.loadedModel = modelId;
  }

  async complete(request: EngineRequest): Promise<EngineCompletion> {
    let text = '';
    let finishReason: string | null = 'stop';
    let usage;
    for await (const chunk of this.stream(request)) {
      text += chunk.delta;
      if (chunk.finishReason) finishReason = chunk.finishReason;
      if (chunk.usage) usage = chunk.usage;
    }
    return usage ? { text, finishReason, usage } : { text, finishReason };
  }

  async *stream(request: EngineRequest): AsyncIterable<EngineChunk> {
    if (!this.loadedModel)
      throw new Error('ModelNotLoadedError: Model not loaded before trying to complete');
    this.requests.push(request);
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    this.interrupted = false;
    const id = this.requests.length;
    try {
      await tick();
      if (this.options.generateError !== undefined) throw this.options.generateError;
      const words = this.replyFor(request).split(/(?<= )/);
      const pieces = words.slice(0, request.max_tokens);
      const waiters = this.startWaiters.splice(0);
      for (const wake of waiters) wake();
      let produced = 0;
      for (const piece of pieces) {
        await tick();
        if (this.interrupted) break;
        this.log.push(`${id}:${piece}`);
        produced++;
        yield { delta: piece };
      }
      const finishReason = this.interrupted ? 'abort' : produced < words.length ? 'length' : 'stop';
      const promptTokens = request.messages.reduce((n, m) => n + m.content.split(/\s+/).length, 0);
      yield {
        delta: '',
        finishReason,
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: produced,
          ...this.options.speed?.(id),
        },
      };
    } finally {
      this.active--;
    }
  }

  interrupt(): void {
    this.interrupts++;
    this.interrupted = true;
  }

  async unload(): Promise<void> {
    this.loadedModel = undefined;
  }

  private replyFor(request: EngineRequest): string {
    if (this.options.reply) return this.options.reply(request);
    const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
    return lastUser?.content ?? '';
  }
}
