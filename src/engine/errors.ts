/**
 * Engine errors. Each failure is its own class with a message a user can act on. `name` is set
 * explicitly (not from the constructor) so it survives minification and crosses workers as
 * `{ name, message }`.
 */

/** The caller cancelled the work (an AbortSignal fired). Never retried. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  constructor(message = 'The operation was cancelled.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** The model answered, but its reply could not be used (not JSON, or not matching the schema). */
export class LlmOutputError extends Error {
  override readonly name = 'LlmOutputError';
  constructor(
    message: string,
    /** What the call was for ("extract-facts", "judge-node" ...). */
    readonly purpose: string,
    readonly attempts: number,
    /** The last raw reply, for logs and debugging. */
    readonly lastOutput?: string,
  ) {
    super(message);
  }
}

/** The model call itself failed (adapter error, model crashed, endpoint unreachable). */
export class LlmCallError extends Error {
  override readonly name = 'LlmCallError';
  constructor(
    message: string,
    readonly purpose: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** True for cancellations, whoever raised them (ours, DOMException 'AbortError' or 'TimeoutError'). */
export function isAbortError(error: unknown): boolean {
  if (error instanceof AbortError) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** An AbortError for a fired signal, keeping the signal's reason as its cause. */
export function abortErrorFrom(signal: AbortSignal | undefined): AbortError {
  const reason: unknown = signal?.reason;
  if (reason instanceof AbortError) return reason;
  const detail = reason instanceof Error ? reason.message : undefined;
  return new AbortError(
    detail ? `The operation was cancelled: ${detail}` : undefined,
    reason === undefined ? undefined : { cause: reason },
  );
}

/** Throws an AbortError when `signal` has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortErrorFrom(signal);
}

/** A readable one-line message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}
