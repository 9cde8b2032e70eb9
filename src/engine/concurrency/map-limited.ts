/**
 * `Promise.all(items.map(fn))` with at most `limit` calls in flight: calls start in item order,
 * results come back in item order whatever order they finish in, so a concurrent run returns
 * what the sequential one (`limit` 1) returns. The first failure stops new calls from starting;
 * the calls already running are waited for, then that failure is thrown.
 */
import { throwIfAborted } from '../errors.ts';
import { checkConcurrency } from './limiter.ts';

export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  checkConcurrency(limit);
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        throwIfAborted(signal);
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}
