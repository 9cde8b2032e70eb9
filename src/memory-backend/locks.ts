/**
 * Exclusive locks around ingestion, edits and rebuilds, so two tabs (or a tab and a worker)
 * never interleave writes to one profile. Web Locks when the browser has them; otherwise an
 * in-process queue (Node tests, old browsers), which still serialises callers in this realm.
 */

/** The slice of the Web Locks API Grove uses. */
export interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

const queues = new Map<string, Promise<unknown>>();

/** The in-process fallback: callers of one name run one after another, in call order. */
export const localLocks: LockManagerLike = {
  request<T>(name: string, _options: { mode: 'exclusive' }, callback: () => Promise<T>) {
    const previous = queues.get(name) ?? Promise.resolve();
    const run = previous.then(callback, callback);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(name, settled);
    void settled.then(() => {
      if (queues.get(name) === settled) queues.delete(name);
    });
    return run;
  },
};

/** The platform's Web Locks, or the in-process fallback when there are none. */
export function defaultLocks(): LockManagerLike {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return localLocks;
  return {
    request: (name, options, callback) => locks.request(name, options, callback),
  };
}

export const profileLockName = (dbName: string, profileId: string) =>
  `grove:${dbName}:${profileId}:memory`;
