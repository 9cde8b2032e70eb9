/**
 * A FIFO queue that runs one task at a time: calls to one engine never interleave. A task whose
 * signal fires while it waits leaves the queue without running (AbortError); later tasks keep
 * their order.
 */
import { abortErrorFrom, throwIfAborted } from '../../engine/errors.ts';

export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    // The chain only ever holds settled-void promises, so one failure never blocks the next task.
    this.tail = previous.then(() => done);
    this.waiting++;
    return (async () => {
      try {
        await untilOrAborted(previous, signal);
        throwIfAborted(signal);
        return await task();
      } finally {
        this.waiting--;
        // An aborted waiter releases only after its predecessor, keeping the order intact.
        void previous.then(release);
      }
    })();
  }
}

function untilOrAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  throwIfAborted(signal);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortErrorFrom(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
