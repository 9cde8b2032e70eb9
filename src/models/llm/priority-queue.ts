/**
 * The one engine's queue: one task at a time, so calls to the engine never interleave, and a
 * waiting user task always runs before waiting background tasks (first come, first served within
 * a priority). Background work (extraction, tree and round summaries) is a series of short calls,
 * so it yields to a user's turn between two of them: a reply waits for at most the one
 * background call already running. A task whose signal fires while it waits leaves the queue
 * without running (AbortError). Each task is told how long it waited (its queue wait, reported
 * with every call's tokens).
 */
import { abortErrorFrom } from '../../engine/errors.ts';
import type { CallPriority } from '../../engine/llm-purposes.ts';

interface Waiting {
  readonly priority: CallPriority;
  readonly start: () => void;
}

export class PriorityQueue {
  private running = false;
  private readonly waiting: Waiting[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  run<T>(
    task: (waitedMs: number) => Promise<T>,
    options: { readonly signal?: AbortSignal; readonly priority?: CallPriority } = {},
  ): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortErrorFrom(signal));
    const queuedAt = this.now();
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        priority: options.priority ?? 'user',
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running = true;
          void task(this.now() - queuedAt)
            .then(resolve, reject)
            .finally(() => {
              this.running = false;
              this.next();
            });
        },
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(entry);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        reject(abortErrorFrom(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      if (!this.running) this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const user = this.waiting.findIndex((w) => w.priority === 'user');
    const [entry] = this.waiting.splice(user >= 0 ? user : 0, 1);
    entry?.start();
  }
}
