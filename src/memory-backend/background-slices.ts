/**
 * The memory worker's background work (the tree's health check, the warm-up for the next insert)
 * runs in slices. Between two slices it lets waiting calls go first, and while a session is being
 * remembered it waits for that to end: an ingestion does not share the worker with checks of the
 * tree it is about to replace. Nothing an ingestion waits for runs in these slices, so waiting
 * cannot deadlock.
 */
let ingesting = 0;
let ingested: Promise<void> | undefined;
let release: () => void = () => undefined;

/** Runs `work` (an ingestion) with background slices held back until it ends. */
export async function asForeground<T>(work: () => Promise<T>): Promise<T> {
  if (ingesting++ === 0) ingested = new Promise<void>((resolve) => (release = resolve));
  try {
    return await work();
  } finally {
    // A task later: the ingestion's reply is sent before the first slice runs.
    if (--ingesting === 0) setTimeout(release, 0);
  }
}

/** Between two background slices: waiting calls first, and no slice while an ingestion runs. */
export async function yieldToForeground(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  while (ingesting > 0) await ingested;
}
