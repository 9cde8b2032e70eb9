/**
 * LlmPort over an OpenAI-compatible HTTP endpoint (llama.cpp server, Ollama, vLLM, LM Studio ...)
 * for users who outgrow the device and for evaluations at scale from the CLI. Opt-in only: every
 * prompt leaves the device, and the app and CLI say so.
 *
 * - POST {baseUrl}/v1/chat/completions (a baseUrl already ending in /v1 is used as is).
 * - Structured output: `response_format: { type: 'json_schema', json_schema: { name, schema } }`,
 *   which OpenAI, vLLM, llama.cpp's server and recent Ollama accept. A server that rejects it
 *   with HTTP 400 is retried once with `{ type: 'json_object' }` (and remembered); 'json_object'
 *   or 'none' can also be set up front. The engine validates every reply either way.
 * - Streaming via server-sent events (`stream(request, onDelta)`); usage via stream_options.
 * - Timeouts (EndpointTimeoutError) are distinct from cancellation (AbortError).
 * - Transport retries: HTTP 429/5xx, time-outs and unreachable servers are retried with
 *   exponential backoff and jitter, a Retry-After header (seconds or HTTP date) honoured, at most
 *   `retry.maxAttempts` attempts (engine/retry); then one error says how many were made.
 * - Token counts: there is no standard tokenize endpoint, so countTokens is the engine's
 *   approximation; completions report the server's own usage when it sends one.
 */
import { abortErrorFrom, isAbortError } from '../../engine/errors.ts';
import { parseRetryAfter, withRetries, type RetryPolicy } from '../../engine/retry/index.ts';
import type {
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../engine/ports.ts';
import { approximateTokenizer } from '../../engine/tokens.ts';
import { EndpointError, EndpointResponseError, EndpointTimeoutError } from '../errors.ts';
import { parseCompletion, readSse } from './openai-wire.ts';
import { connectReason, type RetryNotice } from './retry-notice.ts';
import type { DeltaCallback } from './web-llm-port.ts';

const DEFAULT_TIMEOUT_MS = 120_000;

export type StructuredMode = 'json_schema' | 'json_object' | 'none';

export interface OpenAiHttpOptions {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  /** Per-request timeout (default 120 s). */
  readonly timeoutMs?: number;
  readonly structuredMode?: StructuredMode;
  /** Extra attempts after 429/5xx/time-out/unreachable (default 1); `retry` overrides it. */
  readonly retries?: number;
  /** The whole retry policy (default: `retries` extra attempts, 0.5 s backoff doubling to 4 s). */
  readonly retry?: RetryPolicy;
  /** Waits between attempts (default a timer); injected by tests. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1) (default Math.random). */
  readonly random?: () => number;
  /** Wall clock in ms, for Retry-After dates (default Date.now). */
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
  /** Told as each retry is scheduled, before its wait (the CLI prints `retryNoticeLine`). */
  readonly onRetry?: (notice: RetryNotice) => void;
}

/** The app's default: one quick retry, then the error (a person is waiting). */
function defaultPolicy(retries: number): RetryPolicy {
  return {
    maxAttempts: 1 + Math.max(0, retries),
    baseDelayMs: 500,
    maxDelayMs: 4_000,
    maxRetryAfterMs: 30_000,
  };
}

/** A timer that an abort signal cuts short (AbortError). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortErrorFrom(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortErrorFrom(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class OpenAiHttpPort implements LlmPort {
  readonly id: string;
  /** Shown wherever the port is offered: this model runs elsewhere. */
  readonly leavesDevice = true;
  readonly url: string;
  readonly retryPolicy: RetryPolicy;
  private structuredMode: StructuredMode;

  constructor(private readonly options: OpenAiHttpOptions) {
    this.url = chatCompletionsUrl(options.baseUrl);
    this.id = `openai:${options.baseUrl}#${options.model}`;
    this.structuredMode = options.structuredMode ?? 'json_schema';
    this.retryPolicy = options.retry ?? defaultPolicy(options.retries ?? 1);
  }

  complete(request: CompletionRequest): Promise<Completion> {
    return this.call(request, {});
  }

  async completeStructured(request: StructuredRequest): Promise<Completion> {
    const mode = this.structuredMode;
    try {
      return await this.call(request, responseFormat(mode, request.schema));
    } catch (error) {
      if (mode === 'json_schema' && error instanceof EndpointError && error.status === 400) {
        this.structuredMode = 'json_object';
        return this.call(request, responseFormat('json_object', request.schema));
      }
      throw error;
    }
  }

  /** Streaming chat over server-sent events. */
  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion> {
    return this.call(request, { stream: true, stream_options: { include_usage: true } }, onDelta);
  }

  countTokens(text: string): number {
    return approximateTokenizer.count(text);
  }

  private async call(
    request: CompletionRequest,
    extra: Record<string, unknown>,
    onDelta?: DeltaCallback,
  ): Promise<Completion> {
    const body = JSON.stringify({
      model: this.options.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      max_tokens: Math.max(1, Math.floor(request.maxTokens)),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...extra,
    });
    const now = this.options.now ?? Date.now;
    return withRetries(() => this.once(body, request, onDelta), {
      policy: this.retryPolicy,
      sleep: this.options.sleep ?? sleep,
      random: this.options.random ?? Math.random,
      ...(request.signal ? { signal: request.signal } : {}),
      classify: (error) => {
        if (error instanceof EndpointTimeoutError) return { retryable: true };
        if (!(error instanceof EndpointError)) return { retryable: false };
        const retryAfterMs = parseRetryAfter(error.retryAfter, now());
        return {
          retryable: error.status === undefined || error.status === 429 || error.status >= 500,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        };
      },
      giveUp: (last, reason) => this.gaveUp(last, reason),
      ...(this.options.onRetry
        ? {
            onRetry: ({ attempts, delayMs, error }) =>
              this.options.onRetry?.({
                url: this.url,
                retry: attempts,
                retries: this.retryPolicy.maxAttempts - 1,
                delayMs,
                error,
              }),
          }
        : {}),
    });
  }

  /** The last failure, its kind kept (status and all), saying that the retries ran out. */
  private gaveUp(last: unknown, reason: string): Error {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (last instanceof EndpointTimeoutError)
      return new EndpointTimeoutError(this.url, timeoutMs, reason, { cause: last });
    if (last instanceof EndpointError)
      return new EndpointError(`${last.message} (${reason})`, last.status, { cause: last });
    return last instanceof Error ? last : new Error(String(last));
  }

  private async once(
    body: string,
    request: CompletionRequest,
    onDelta?: DeltaCallback,
  ): Promise<Completion> {
    const { signal } = request;
    if (signal?.aborted) throw abortErrorFrom(signal);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await (this.options.fetch ?? fetch)(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body,
        signal: controller.signal,
      });
      if (!response.ok) throw await httpError(this.url, response);
      if (onDelta) return await readSse(response, onDelta, request.messages);
      const text = await response.text();
      return parseCompletion(text, this.url, request.messages);
    } catch (error) {
      if (timedOut) throw new EndpointTimeoutError(this.url, timeoutMs);
      if (signal?.aborted) throw abortErrorFrom(signal);
      if (error instanceof EndpointError || error instanceof EndpointResponseError) throw error;
      if (isAbortError(error)) throw error;
      throw new EndpointError(
        `Could not reach ${this.url} (${connectReason(error) ?? (error instanceof Error ? error.message : String(error))}). Is the server ` +
          'running? From the browser, the server must also allow this origin (CORS).',
        undefined,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? `${trimmed}/chat/completions` : `${trimmed}/v1/chat/completions`;
}

function responseFormat(mode: StructuredMode, schema: object): Record<string, unknown> {
  if (mode === 'none') return {};
  if (mode === 'json_object') return { response_format: { type: 'json_object' } };
  return {
    response_format: { type: 'json_schema', json_schema: { name: 'grove_output', schema } },
  };
}

async function httpError(url: string, response: Response): Promise<EndpointError> {
  const raw = await response.text().catch(() => '');
  let detail = raw.slice(0, 300);
  try {
    const parsed = JSON.parse(raw) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof message === 'string') detail = message;
  } catch {
    // Not JSON: keep the raw excerpt.
  }
  const advice =
    response.status === 401 || response.status === 403
      ? 'Check the API key.'
      : response.status === 404
        ? 'Check the base URL and the model name.'
        : response.status === 429
          ? 'The server is rate-limiting: wait and try again.'
          : response.status >= 500
            ? 'The server failed: check its logs, or try a smaller model.'
            : 'Check the request settings (model name, structured output support).';
  const retryAfter = response.headers.get('retry-after');
  return new EndpointError(
    `${url} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}. ${advice}`,
    response.status,
    retryAfter === null ? {} : { retryAfter },
  );
}
