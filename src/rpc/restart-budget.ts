/**
 * How often a stopped worker may be restarted: a worker that keeps stopping (its script fails
 * to load, it crashes on start) is not restarted in a loop. Up to `max` restarts within
 * `windowMs`; after that, none until the window has passed.
 */
export function restartBudget(
  max = 3,
  windowMs = 60_000,
  now: () => number = () => Date.now(),
): () => boolean {
  const restarts: number[] = [];
  return () => {
    const t = now();
    while (restarts.length > 0 && (restarts[0] ?? t) <= t - windowMs) restarts.shift();
    if (restarts.length >= max) return false;
    restarts.push(t);
    return true;
  };
}
