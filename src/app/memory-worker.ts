/**
 * Starts the memory worker for the app (or for the scripted test mode) and keeps it running:
 * when it stops (an uncaught error, a failed start, an unreadable message, or a kill), every
 * waiting call fails with WorkerCrashedError, the app is told (`onCrash`: a notice), and a fresh
 * worker starts and is set up again (`onStart`: the page's LLM lent, the profile reopened)
 * before the next call goes through. The client handed out stays the same object throughout.
 */
import type { TraversalEvent } from '../engine/retrieval.ts';
import {
  connectMemory,
  type MemoryClient,
  type MemoryConnection,
} from '../memory-backend/memory-client.ts';
import {
  APP_DB,
  workerConfigName,
  type MemoryWorkerConfig,
} from '../memory-backend/worker-config.ts';
import {
  MEMORY_METHODS,
  type MemoryApi,
  type MemoryBroadcast,
} from '../memory-backend/worker-protocol.ts';
import { restartBudget } from '../rpc/restart-budget.ts';
import type { ScriptedTestMode } from './test-mode/test-mode.ts';

/**
 * The app's worker: the scripted test mode's, or (`testDb`: a page in another test mode) the
 * real composition on a test database, or the real app on its own database.
 */
export function memoryWorkerConfig(
  testMode: ScriptedTestMode | null,
  testDb: string | null = null,
): MemoryWorkerConfig {
  // With one engine on the page, the worker borrows it over the bridge, as it borrows a model.
  if (testMode)
    return {
      db: testMode.db,
      embedder: 'bundled',
      llm: testMode.oneEngine ? 'none' : 'scripted',
      stageDelayMs: testMode.stageDelayMs,
      test: true,
    };
  if (testDb) return { db: testDb, embedder: 'bundled', llm: 'none', stageDelayMs: 0, test: true };
  return { db: APP_DB, embedder: 'bundled', llm: 'none', stageDelayMs: 0 };
}

/** One running worker: its client, and a signal that fires when it stops. */
export interface MemoryWorkerStart {
  readonly worker: Worker;
  readonly client: MemoryClient;
  /** Fires when this worker stopped (serve nothing more for it). */
  readonly stopped: AbortSignal;
  /** True for a worker started after a crash. */
  readonly restarted: boolean;
}

export interface MemoryWorkerHooks {
  /** Sets up a worker that just started (a restarted one: calls wait until this settles). */
  onStart(start: MemoryWorkerStart): Promise<void> | void;
  /**
   * The worker stopped (its calls failed with `error`); a new one is starting, unless it kept
   * stopping (`restarting` false: calls go on failing with `error`, a reload may help).
   */
  onCrash(error: Error, restarting: boolean): void;
  /** A restarted worker is set up and takes calls again. */
  onRestarted?(): void;
}

export interface MemoryWorkerHandle {
  /** The same object for the app's lifetime, whichever worker serves it. */
  readonly memory: MemoryClient;
  /** Stops the current worker as a crash would (the test API's kill). */
  kill(detail: string): void;
  /**
   * Kills the worker at the next retrieval's first traversal event (mid-walk); resolves with
   * the time of the kill (performance.now()).
   */
  killDuringNextRetrieval(): Promise<number>;
}

/** The memory worker's script, configured through its name. */
export function createMemoryWorker(config: MemoryWorkerConfig): Worker {
  return new Worker(new URL('../../workers/memory.worker.ts', import.meta.url), {
    type: 'module',
    name: workerConfigName(config),
  });
}

export function startMemoryWorker(
  config: MemoryWorkerConfig,
  hooks: MemoryWorkerHooks,
  createWorker: (config: MemoryWorkerConfig) => Worker = createMemoryWorker,
): MemoryWorkerHandle {
  const listeners = new Set<(message: MemoryBroadcast) => void>();
  let current: MemoryConnection;
  let ready: Promise<void> = Promise.resolve();
  let killArmed: ((at: number) => void) | undefined;
  const mayRestart = restartBudget();

  const start = (restarted: boolean) => {
    const stop = new AbortController();
    const worker = createWorker(config);
    current = connectMemory(worker, {
      onCrash: (error) => {
        stop.abort(error);
        const restarting = mayRestart();
        hooks.onCrash(error, restarting);
        if (restarting) start(true);
      },
    });
    current.client.onBroadcast((message) => listeners.forEach((l) => l(message)));
    const setUp = Promise.resolve(
      hooks.onStart({ worker, client: current.client, stopped: stop.signal, restarted }),
    ).catch(() => undefined); // a set-up that failed shows in the calls that follow
    if (restarted) ready = setUp.then(() => hooks.onRestarted?.());
  };
  start(false);

  const call = async (method: keyof MemoryApi, args: unknown[]): Promise<unknown> => {
    await ready;
    if (method === 'retrieve' && killArmed) {
      const killed = killArmed;
      killArmed = undefined;
      const connection = current;
      const onEvent = args[2] as ((event: TraversalEvent) => void) | undefined;
      let done = false;
      args[2] = (event: TraversalEvent) => {
        onEvent?.(event);
        if (done) return;
        done = true;
        connection.kill('killed by the test API during a retrieval');
        killed(performance.now());
      };
    }
    const fn = current.client[method] as (...a: unknown[]) => Promise<unknown>;
    return fn(...args);
  };
  const api = Object.fromEntries(
    MEMORY_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as MemoryApi;
  return {
    memory: {
      ...api,
      onBroadcast(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    kill: (detail) => current.kill(detail),
    killDuringNextRetrieval: () => new Promise<number>((resolve) => (killArmed = resolve)),
  };
}
