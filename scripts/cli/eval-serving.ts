/**
 * How `grove eval` talks to an LLM server (issue 15): `--concurrency N` calls at once (questions,
 * and the extraction and summaries inside each build), `--max-attempts` per call with backoff
 * (429, 5xx, time-outs; Retry-After honoured), and the persistent response cache (on by
 * default in .grove-cache/llm; `--cache DIR`, `--no-cache`). The port stack, outermost first:
 * cache → limiter → HTTP port with retries, so a cached reply never takes a slot and a call
 * waiting to retry keeps its slot (backing off lowers the pressure on the server).
 */
import { resolve } from 'node:path';
import { limitedLlm } from '../../src/engine/concurrency/limited-llm.ts';
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

export function servingFrom(values: {
  concurrency?: string | undefined;
  cache?: string | undefined;
  'no-cache'?: boolean | undefined;
  'max-attempts'?: string | undefined;
}): Serving {
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

/** What the summary says about concurrency, retries and the cache. */
export function servingNotes(serving: Serving, served: ServedLlm | undefined): string[] {
  const notes: string[] = [];
  if (serving.concurrency > 1)
    notes.push(
      `concurrency ${serving.concurrency}: questions, extraction and summaries ran up to ${serving.concurrency} at once (ms per query includes waiting for a slot)`,
    );
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
