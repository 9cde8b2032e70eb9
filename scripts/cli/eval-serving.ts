/**
 * How `grove eval` talks to an LLM server (issue 15): `--concurrency N` calls at once (questions,
 * and the extraction and summaries inside each build), `--max-attempts` per call with backoff
 * (429, 5xx, time-outs; Retry-After honoured), and the persistent response cache (on by
 * default in .grove-cache/llm; `--cache DIR`, `--no-cache`). The port stack, outermost first:
 * cache → limiter → HTTP port with retries, so a cached reply never takes a slot and a call
 * waiting to retry keeps its slot (backing off lowers the pressure on the server).
 * The same pieces serve every dataset: the retrieval ones (eval-command.ts), MS-TOD
 * (eval-ms-tod.ts: questions at once) and NTM (eval-ntm.ts: dialogues at once). Each stops at
 * once when the server was never reached (`stopWhenUnreachable`); past that, a call that still
 * fails after its retries fails its question (watched-llm.ts), recorded and retried on resume.
 */
import { resolve } from 'node:path';
import { limitedLlm } from '../../src/engine/concurrency/limited-llm.ts';
import { errorMessage, isAbortError } from '../../src/engine/errors.ts';
import type { LlmPort } from '../../src/engine/ports.ts';
import { SERVER_RETRY_POLICY, type RetryPolicy } from '../../src/engine/retry/policy.ts';
import { intOption, UsageError } from './args.ts';
import { cachedLlm, DEFAULT_LLM_CACHE_DIR, LlmResponseCache } from './llm-response-cache.ts';

export const servingOptions = {
  concurrency: { type: 'string' },
  cache: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'max-attempts': { type: 'string' },
} as const;

export interface Serving {
  /** Calls in flight at most (and questions evaluated at once). */
  readonly concurrency: number;
  /** The response cache's folder; undefined with --no-cache. */
  readonly cacheDir: string | undefined;
  readonly retry: RetryPolicy;
}

/** Whether `--llm` names an OpenAI-compatible server: the only LLM that is cached and retried. */
export const isServerLlm = (llm: string | undefined): boolean =>
  llm?.startsWith('openai:') === true;

/**
 * The serving options of a run whose `--llm` is `llm`. `--cache`, `--no-cache` and
 * `--max-attempts` without a server are a usage error (nothing would be cached or retried);
 * `--concurrency` applies to every run (the questions, dialogues or personas evaluated at once).
 */
export function servingFrom(
  values: {
    concurrency?: string | undefined;
    cache?: string | undefined;
    'no-cache'?: boolean | undefined;
    'max-attempts'?: string | undefined;
  },
  llm: string | undefined,
): Serving {
  const concurrency = intOption(values.concurrency, 'concurrency', 1);
  if (concurrency < 1) throw new UsageError(`--concurrency must be at least 1, got ${concurrency}`);
  const maxAttempts = intOption(
    values['max-attempts'],
    'max-attempts',
    SERVER_RETRY_POLICY.maxAttempts,
  );
  if (maxAttempts < 1)
    throw new UsageError(`--max-attempts must be at least 1, got ${maxAttempts}`);
  if (values['no-cache'] === true && values.cache !== undefined)
    throw new UsageError('pass either --cache DIR or --no-cache, not both');
  if (!isServerLlm(llm)) {
    const given = (['cache', 'no-cache', 'max-attempts'] as const).find(
      (name) => values[name] !== undefined,
    );
    if (given)
      throw new UsageError(
        `--${given} applies to an LLM server only (--llm openai:URL#model): with --llm ${llm ?? 'none'} no reply is cached or retried`,
      );
  }
  return {
    concurrency,
    cacheDir:
      values['no-cache'] === true ? undefined : resolve(values.cache ?? DEFAULT_LLM_CACHE_DIR),
    retry: { ...SERVER_RETRY_POLICY, maxAttempts },
  };
}

export interface ServedLlm {
  readonly llm: LlmPort;
  readonly cache?: LlmResponseCache;
}

/**
 * `llm` held to the serving's concurrency and, when `cacheable` (a real server, not a test
 * fake) and the cache is on, answered from the response cache first.
 */
export function servedLlm(llm: LlmPort, serving: Serving, cacheable: boolean): ServedLlm {
  const limited = serving.concurrency > 1 ? limitedLlm(llm, serving.concurrency) : llm;
  if (!cacheable || serving.cacheDir === undefined) return { llm: limited };
  const cache = new LlmResponseCache(serving.cacheDir);
  return { llm: cachedLlm(limited, cache), cache };
}

/** What the retrieval datasets run at once: the concurrency note's wording. */
const RETRIEVAL_CONCURRENCY = (n: number) =>
  `questions, extraction and summaries ran up to ${n} at once (ms per query includes waiting for a slot)`;

/**
 * What the summary says about concurrency, retries and the cache; `running` says what ran up to
 * N at once (MS-TOD and NTM say it their own way).
 */
export function servingNotes(
  serving: Serving,
  served: ServedLlm | undefined,
  running: (n: number) => string = RETRIEVAL_CONCURRENCY,
): string[] {
  const notes: string[] = [];
  if (serving.concurrency > 1)
    notes.push(`concurrency ${serving.concurrency}: ${running(serving.concurrency)}`);
  const cache = served?.cache;
  if (cache) {
    const { hits, misses, corrupt, writeErrors } = cache.stats;
    notes.push(
      `LLM response cache ${cache.dir}: ${hits} replies read back, ${misses} fetched` +
        (corrupt > 0 ? ` (${corrupt} corrupt entries fetched again)` : '') +
        (writeErrors > 0 ? `; ${writeErrors} replies could not be stored` : ''),
    );
  }
  return notes;
}

/** A served LLM that stops its run when the server was never reached. */
export interface StoppingLlm {
  readonly llm: LlmPort;
  /** Aborted by that failure: pass it to the run, so that nothing more is started. */
  readonly signal: AbortSignal;
  /** The failure that stopped the run, if one did. */
  readonly failure: () => unknown;
}

/**
 * A server that has not answered one call of this run, and whose call still fails after
 * `--max-attempts`, is not there (a wrong port, a server not started): every other question would
 * wait out the same retries to fail the same way. The first such failure aborts `signal`, and
 * `stoppingRun` ends the run with it. Once a call has answered, a failed call only fails the
 * question it belongs to (recorded in --out, retried on resume: run-eval.ts, watched-llm.ts).
 */
export function stopWhenUnreachable(inner: LlmPort): StoppingLlm {
  const controller = new AbortController();
  let failure: { error: unknown } | undefined;
  let answered = 0;
  const watched =
    <R>(call: (request: R) => ReturnType<LlmPort['complete']>) =>
    async (request: R) => {
      try {
        const completion = await call(request);
        answered++;
        return completion;
      } catch (error) {
        if (answered === 0 && !isAbortError(error) && !controller.signal.aborted) {
          failure = { error };
          controller.abort(error);
        }
        throw error;
      }
    };
  return {
    llm: {
      id: inner.id,
      ...(inner.concurrency === undefined ? {} : { concurrency: inner.concurrency }),
      complete: watched((request) => inner.complete(request)),
      completeStructured: watched((request) => inner.completeStructured(request)),
      countTokens: (text) => inner.countTokens(text),
      onUnreadableOutput: (purpose) => inner.onUnreadableOutput?.(purpose),
    },
    signal: controller.signal,
    failure: () => failure?.error,
  };
}

/** The run was stopped: the server never answered. */
export class ServerUnreachableError extends Error {
  override readonly name = 'ServerUnreachableError';
}

/**
 * Runs an evaluation with `stopping`'s signal; when an unreachable server stopped it, throws
 * that failure, saying what was kept and how to resume.
 */
export async function stoppingRun<T>(
  stopping: StoppingLlm | undefined,
  out: string | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await run(stopping?.signal);
  } catch (error) {
    const failure = stopping?.failure();
    if (failure === undefined) throw error;
    throw new ServerUnreachableError(
      `stopped: the LLM server never answered, and a call still failed after its retries (${errorMessage(failure)}); ` +
        (out
          ? `the rows done are in ${out}: run the same command again to resume after them`
          : 'pass --out rows.jsonl to keep the rows done and resume after them'),
      { cause: error },
    );
  }
}
