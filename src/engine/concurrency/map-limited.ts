/**
 * `Promise.all(items.map(fn))` with at most `limit` calls in flight: calls start in item order,
 * results come back in item order whatever order they finish in, so a concurrent run returns
 * what the sequential one (`limit` 1) returns. The first failure stops new calls from starting;
 * the calls already running are waited for, then that failure is thrown.
 */
import { throwIfAborted } from '../errors.ts';
import { checkConcurrency } from './limiter.ts';
import { OrderedSteps } from './ordered-steps.ts';

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

/**
 * `mapLimited`, and each result also handed to `handOut` in item order as soon as it and every
 * earlier one are done (an evaluation appends its rows to a file this way, so that a resumed run
 * finds them in the order a one-at-a-time run writes them). A result that failed is skipped by
 * the hand-out; the later ones are still handed out. Returns once every hand-out has settled:
 * with the results, or the first failure of `fn` (else of `handOut`).
 */
export async function mapLimitedInOrder<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  handOut: (result: R, index: number) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<R[]> {
  const inOrder = new OrderedSteps();
  const handedOut: Promise<unknown>[] = [];
  const settled = async () => {
    const outcomes = await Promise.allSettled(handedOut);
    return outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  };
  let results: R[];
  try {
    results = await mapLimited(
      items,
      limit,
      (item, index) => {
        // Registered when the item starts (item order), run once it is done.
        const result = fn(item, index);
        const step = inOrder.then(async () => handOut(await result, index));
        step.catch(() => undefined); // settled below
        handedOut.push(step);
        return result;
      },
      signal,
    );
  } catch (error) {
    await settled();
    throw error;
  }
  const failedHandOut = await settled();
  if (failedHandOut) throw failedHandOut.reason;
  return results;
}
