/**
 * Steps that must happen in a fixed order while the work before them runs concurrently: each
 * `then(step)` runs after every step registered before it has settled (a failed step does not
 * hold the others back). A concurrent tree build writes its summaries into the tree this way, in
 * cluster order, so node ids and order match the sequential build.
 */
export class OrderedSteps {
  private tail: Promise<unknown> = Promise.resolve();

  then<T>(step: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(step);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
