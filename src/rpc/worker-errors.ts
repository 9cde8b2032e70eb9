/** Failures of a worker itself, apart from the errors its calls throw. */

/**
 * The worker stopped (an uncaught error, a script that failed to load, a message it could not
 * read, or it was killed): every call still waiting on it fails with this error.
 */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError';
  constructor(
    /** Which worker, in words ("the memory worker"). */
    readonly worker: string,
    readonly detail: string,
  ) {
    super(`${capitalise(worker)} stopped (${detail}).`);
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
