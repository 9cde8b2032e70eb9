/**
 * The memory worker's background work runs in slices, and between two slices it lets the calls
 * the user waits on go first:
 *   - while a question is answered, no slice runs (the tree's health check, the insert warm-up):
 *     a question is short, and its reply is what the user waits for;
 *   - while a session is remembered, the insert warm-up waits (the ingestion does that work
 *     itself, for the tree it changes); the health check goes on, so the counts the page asks for
 *     meanwhile (a session waiting to be remembered) are not held up by a long ingestion.
 * Nothing such a call waits for runs in the slices that wait for it, so waiting cannot deadlock.
 */

/** Calls running now, and a promise that settles when the last of them ends. */
class Running {
  private count = 0;
  private ended: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.count++ === 0) this.ended = new Promise<void>((resolve) => (this.release = resolve));
    try {
      return await work();
    } finally {
      // A task later: the call's reply is sent before the first slice runs.
      if (--this.count === 0) setTimeout(this.release, 0);
    }
  }

  get busy(): boolean {
    return this.count > 0;
  }

  async idle(): Promise<void> {
    while (this.count > 0) await this.ended;
  }
}

const questions = new Running();
const ingestions = new Running();

/** Runs `work` (a retrieval) with every background slice held back until it ends. */
export const asQuestion = <T>(work: () => Promise<T>): Promise<T> => questions.run(work);

/** Runs `work` (an ingestion) with the insert warm-up held back until it ends. */
export const asIngestion = <T>(work: () => Promise<T>): Promise<T> => ingestions.run(work);

/** The next task of this thread's event loop (messages that came in meanwhile go first). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Between two slices of a check the page may wait for: waiting calls first, no question running. */
export async function yieldToQuestions(): Promise<void> {
  await nextTask();
  await questions.idle();
}

/** Between two slices of warm-up work: no question and no ingestion running. */
export async function yieldToForeground(): Promise<void> {
  await nextTask();
  for (;;) {
    await questions.idle();
    await ingestions.idle();
    if (!questions.busy && !ingestions.busy) return;
  }
}

/** How long background work runs between two yields, at most about (see `sliced`). */
export const SLICE_MS = 4;

/**
 * `pause`, taken only once `ms` of work has run since the last one: the work calls it after every
 * few items (cheap), and a question that arrives meanwhile waits about `ms`, not for a slice
 * sized by item count (1,000 facts' slot readings took 47 ms on a heavy user's first slices).
 */
export function sliced(pause: () => Promise<void>, ms = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await pause();
    since = performance.now();
  };
}
