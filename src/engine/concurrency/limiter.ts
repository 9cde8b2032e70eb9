/**
 * A concurrency limiter: at most `limit` tasks run at once; the others wait in a FIFO queue and
 * start in the order they asked. A task whose signal fires while it waits leaves the queue
 * without running (AbortError); a running task is the task's own business to cancel.
 */
import { abortErrorFrom, throwIfAborted } from '../errors.ts';

export class InvalidConcurrencyError extends RangeError {
  override readonly name = 'InvalidConcurrencyError';
  constructor(value: number) {
    super(`Concurrency must be a whole number of at least 1, got ${value}.`);
  }
}

/** Checks a concurrency setting: a whole number ≥ 1. */
export function checkConcurrency(value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new InvalidConcurrencyError(value);
  return value;
}

interface Waiter {
  readonly start: () => void;
  readonly cancel: () => void;
}

export class ConcurrencyLimiter {
  readonly limit: number;
  private running = 0;
  private readonly queue: Waiter[] = [];

  constructor(limit: number) {
    this.limit = checkConcurrency(limit);
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    throwIfAborted(signal);
    if (this.running < this.limit) this.running++;
    else await this.slot(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Waits until a finishing task hands its slot over (the slot count moves with it). */
  private slot(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(abortErrorFrom(signal));
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: onAbort,
      };
      this.queue.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next.start();
    else this.running--;
  }
}
