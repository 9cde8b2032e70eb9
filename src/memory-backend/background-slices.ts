/**
 * The memory worker's background work (the tree's health check, the warm-up for the next insert)
 * runs in slices. Between two slices it lets waiting calls go first, and while a call the user
 * waits on runs (a question, a session being remembered) it waits for that call to end: the
 * call does not share the worker with checks and warm-ups it does not need. Nothing such a call
 * waits for runs in these slices, so waiting cannot deadlock.
 */
let running = 0;
let ended: Promise<void> | undefined;
let release: () => void = () => undefined;

/** Runs `work` (a retrieval, an ingestion) with background slices held back until it ends. */
export async function asForeground<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) ended = new Promise<void>((resolve) => (release = resolve));
  try {
    return await work();
  } finally {
    // A task later: the call's reply is sent before the first slice runs.
    if (--running === 0) setTimeout(release, 0);
  }
}

/** Between two background slices: waiting calls first, and no slice while a foreground call runs. */
export async function yieldToForeground(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  while (running > 0) await ended;
}
