/**
 * Test mode only (`/?test=scripted&engine=page&callMs=150&tokenMs=10`): the scripted LLM as the
 * product runs a model, one engine on the page behind the engine queue (models/llm/
 * priority-queue.ts), lent to the memory worker over the LLM bridge, and slowed like a device:
 * each call takes `callMs` plus `tokenMs` per completion token (a streamed reply pays `callMs`
 * before its first word). Every call is logged with its purpose, priority and times, so a spec
 * can check what a reply waited for.
 */
import { callRecord, type CallRecord } from '../../engine/cost/index.ts';
import { callPriority, type CallPriority } from '../../engine/llm-purposes.ts';
import type {
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../engine/ports.ts';
import { PriorityQueue } from '../../models/llm/priority-queue.ts';
import type { DeltaCallback } from '../chat/reply.ts';
import { ScriptedChatLlm } from './scripted-chat-llm.ts';

export interface EngineCall {
  readonly purpose: string;
  readonly priority: CallPriority;
  readonly queuedAt: number;
  readonly startedAt: number;
  readonly endedAt: number;
}

export interface EngineTiming {
  readonly callMs: number;
  readonly tokenMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class OneEngineLlm implements LlmPort {
  readonly id = 'scripted (test mode, one engine)';
  readonly log: EngineCall[] = [];
  private readonly scripted = new ScriptedChatLlm();

  private readonly queue: PriorityQueue;

  constructor(
    private readonly timing: EngineTiming,
    private readonly now: () => number = () => performance.now(),
    /** Hears of every answered call, as a real model's port reports it (the app's call log). */
    private readonly onCall?: (call: CallRecord) => void,
  ) {
    this.queue = new PriorityQueue(now);
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.run(request, async () => this.paced(await this.scripted.complete(request)));
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.run(request, async () =>
      this.paced(await this.scripted.completeStructured(request)),
    );
  }

  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion> {
    return this.run(request, async () => {
      await sleep(this.timing.callMs);
      return this.scripted.stream(request, onDelta);
    });
  }

  countTokens(text: string): number {
    return this.scripted.countTokens(text);
  }

  private async paced(completion: Completion): Promise<Completion> {
    await sleep(this.timing.callMs + this.timing.tokenMs * completion.completionTokens);
    return completion;
  }

  private run(request: CompletionRequest, work: () => Promise<Completion>): Promise<Completion> {
    const priority = callPriority(request.purpose);
    const queuedAt = this.now();
    return this.queue.run(
      async (queueMs) => {
        const startedAt = this.now();
        try {
          const completion = { ...(await work()), queueMs };
          this.onCall?.(callRecord(request.purpose, completion));
          return completion;
        } finally {
          const purpose = request.purpose ?? 'unknown';
          this.log.push({ purpose, priority, queuedAt, startedAt, endedAt: this.now() });
        }
      },
      { priority, ...(request.signal ? { signal: request.signal } : {}) },
    );
  }
}
