/**
 * One line saying why a call to an LLM server is being retried, and when: "cannot reach
 * http://127.0.0.1:1/v1/chat/completions (ECONNREFUSED); retry 2 of 5 in 4 s". Printed by the CLI
 * as each retry is scheduled, so a dead server is named at its first failure, not after the whole
 * backoff (about a minute with the server policy).
 */
import { errorMessage } from '../../engine/errors.ts';
import { EndpointError, EndpointTimeoutError } from '../errors.ts';

export interface RetryNotice {
  /** The endpoint called. */
  readonly url: string;
  /** The retry about to be made (1 for the first). */
  readonly retry: number;
  /** Retries the policy allows in all (its attempts less the first). */
  readonly retries: number;
  readonly delayMs: number;
  readonly error: unknown;
}

/**
 * Why a fetch could not connect, from the errors under it: a system code ("ECONNREFUSED"), else
 * the innermost message below fetch's own "fetch failed" (undici says "bad port" for port 1).
 */
export function connectReason(error: unknown): string | undefined {
  let reason: string | undefined;
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string' && message !== '' && message !== 'fetch failed')
      reason = message;
    e = (e as { cause?: unknown }).cause;
  }
  return reason;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function cause(notice: RetryNotice): string {
  const { error, url } = notice;
  if (error instanceof EndpointTimeoutError) return `${url} did not answer in time`;
  if (error instanceof EndpointError && error.status === undefined) {
    const reason = connectReason(error.cause);
    return `cannot reach ${url}${reason ? ` (${reason})` : ''}`;
  }
  if (error instanceof EndpointError) return `${url} answered HTTP ${error.status}`;
  return `${url} failed: ${errorMessage(error)}`;
}

export function retryNoticeLine(notice: RetryNotice): string {
  return `${cause(notice)}; retry ${notice.retry} of ${notice.retries} in ${seconds(notice.delayMs)}`;
}
