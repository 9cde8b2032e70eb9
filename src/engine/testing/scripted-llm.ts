/**
 * ScriptedLlm: a deterministic, rule-based LlmPort so whole pipelines run in tests without a
 * model. It dispatches on `request.purpose` (see ../llm-purposes.ts for the prompt contract);
 * queued raw responses (or errors) are served first, to script failures.
 */
import { abortErrorFrom } from '../errors.ts';
import type { Completion, CompletionRequest, LlmPort, StructuredRequest } from '../ports.ts';
import { approximateTokenizer } from '../tokens.ts';
import { DEFAULT_RULES } from './scripted-rules.ts';
import type { ScriptedRule } from './scripted-rules.ts';

/** A queued reply: raw text returned as is, or an Error thrown by the call. */
export type ScriptedResponse = string | Error;

/** Queue key served for any purpose, after that purpose's own queue. */
export const ANY_PURPOSE = '*';

export interface ScriptedCall {
  readonly purpose: string;
  /** Every message's content, joined by blank lines. */
  readonly prompt: string;
  /** The reply text ('' when the call threw). */
  readonly response: string;
  readonly structured: boolean;
  /** Set when the call threw. */
  readonly error?: string;
}

export interface ScriptedLlmOptions {
  readonly id?: string;
  /** Raw responses per purpose, consumed in order before the rules. */
  readonly responses?: Readonly<Record<string, readonly ScriptedResponse[]>>;
  /** Extra or replacement rules, by purpose. */
  readonly rules?: Readonly<Record<string, ScriptedRule>>;
}

export class ScriptedLlm implements LlmPort {
  readonly id: string;
  readonly calls: ScriptedCall[] = [];
  private readonly queues = new Map<string, ScriptedResponse[]>();
  private readonly rules: Record<string, ScriptedRule>;

  constructor(options: ScriptedLlmOptions = {}) {
    this.id = options.id ?? 'scripted';
    this.rules = { ...DEFAULT_RULES, ...options.rules };
    for (const [purpose, responses] of Object.entries(options.responses ?? {})) {
      this.enqueue(purpose, ...responses);
    }
  }

  /** Queues raw responses for `purpose` (or ANY_PURPOSE), served before the rules. */
  enqueue(purpose: string, ...responses: ScriptedResponse[]): this {
    const queue = this.queues.get(purpose) ?? [];
    queue.push(...responses);
    this.queues.set(purpose, queue);
    return this;
  }

  /** Queued responses not yet served (for one purpose, or all). */
  pending(purpose?: string): number {
    if (purpose !== undefined) return this.queues.get(purpose)?.length ?? 0;
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  callsFor(purpose: string): ScriptedCall[] {
    return this.calls.filter((call) => call.purpose === purpose);
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.respond(request, false);
  }

  completeStructured(request: StructuredRequest): Promise<Completion> {
    return this.respond(request, true);
  }

  countTokens(text: string): number {
    return approximateTokenizer.count(text);
  }

  private respond(request: CompletionRequest, structured: boolean): Promise<Completion> {
    if (request.signal?.aborted) return Promise.reject(abortErrorFrom(request.signal));
    const purpose = request.purpose ?? '';
    const prompt = request.messages.map((m) => m.content).join('\n\n');
    let response: string;
    try {
      response = this.reply(purpose, prompt);
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      this.calls.push({ purpose, prompt, response: '', structured, error: error.message });
      return Promise.reject(error);
    }
    this.calls.push({ purpose, prompt, response, structured });
    return Promise.resolve({
      text: response,
      promptTokens: approximateTokenizer.count(prompt),
      completionTokens: approximateTokenizer.count(response),
    });
  }

  private reply(purpose: string, prompt: string): string {
    const queued = this.queues.get(purpose)?.shift() ?? this.queues.get(ANY_PURPOSE)?.shift();
    if (queued !== undefined) {
      if (queued instanceof Error) throw queued;
      return queued;
    }
    const rule = Object.hasOwn(this.rules, purpose) ? this.rules[purpose] : undefined;
    if (!rule) {
      const known = Object.keys(this.rules).join(', ');
      throw new Error(
        purpose === ''
          ? `ScriptedLlm needs request.purpose to pick a rule (known purposes: ${known}).`
          : `ScriptedLlm has no rule for purpose "${purpose}" (known purposes: ${known}); pass one in options.rules or enqueue a response.`,
      );
    }
    return rule(prompt);
  }
}
