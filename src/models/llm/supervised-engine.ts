/**
 * The model's worker supervised like the memory, explorer and embed workers (issue 23): a
 * ChatEngine over an engine that lives in a worker, which
 *
 * - fails every call waiting on a worker that stopped (an uncaught error, a message it could not
 *   read, killed) with `WorkerCrashedError`, a stream mid-way included, instead of hanging;
 * - starts a fresh worker within its restart budget and loads the same model there again, so the
 *   next call works; the calls made meanwhile wait for it;
 * - says so (`onCrash`, then `onRestarted`), for the app's worker notice;
 * - ends its worker when the model is changed (`dispose`: the engine unloads, the worker stops).
 *
 * web-llm's worker proxy listens for nothing but messages, so the worker's own `error` and
 * `messageerror` events are heard here.
 */
import { restartBudget } from '../../rpc/restart-budget.ts';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';
import type {
  ChatEngine,
  EngineChunk,
  EngineCompletion,
  EngineLoadReport,
  EngineRequest,
} from './chat-engine.ts';

/** The worker as the supervisor sees it: it can fail, and be stopped. */
export interface EngineWorker {
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
}

/** An engine and the worker it lives in. */
export interface WorkerEngine {
  readonly engine: ChatEngine;
  readonly worker: EngineWorker;
}

export interface SupervisedEngineOptions {
  /** Starts a worker and the engine over it (again after a crash). */
  readonly start: () => Promise<WorkerEngine>;
  /** Who stopped, in words, for the error's message ("the model worker"). */
  readonly name?: string;
  /** Whether another restart is allowed now (default: 3 a minute). */
  readonly mayRestart?: () => boolean;
  /** The worker stopped: every waiting call failed with `error`; `restarting` says what is next. */
  readonly onCrash?: (error: WorkerCrashedError, restarting: boolean) => void;
  /** A fresh worker is up, the model loaded again, and takes calls. */
  readonly onRestarted?: () => void;
}

interface Live {
  readonly engine: ChatEngine;
  readonly worker: EngineWorker;
  /** Rejects with the crash error once this worker stopped. */
  readonly crashed: Promise<never>;
  crash(detail: string): void;
}

export interface SupervisedEngine extends ChatEngine {
  /** Stops the worker now, as a crash would (the test API's "kill the model worker"). */
  kill(detail: string): void;
  /** Unloads the model and ends the worker; later calls fail. */
  dispose(): Promise<void>;
}

const DEFAULT_NAME = 'the model worker';

export function supervisedEngine(options: SupervisedEngineOptions): SupervisedEngine {
  const name = options.name ?? DEFAULT_NAME;
  const mayRestart = options.mayRestart ?? restartBudget();
  let model: string | undefined;
  let disposed: Error | undefined;
  let current = launch();

  function launch(): Promise<Live> {
    const live = options.start().then((started) => watch(started));
    live.catch(() => undefined); // each call awaits it and sees the failure
    return live;
  }

  function watch({ engine, worker }: WorkerEngine): Live {
    let fail: (error: Error) => void = () => undefined;
    const crashed = new Promise<never>((_, reject) => (fail = reject));
    crashed.catch(() => undefined);
    let stopped = false;
    const live: Live = {
      engine,
      worker,
      crashed,
      crash(detail) {
        if (stopped) return;
        stopped = true;
        const error = new WorkerCrashedError(name, detail);
        fail(error);
        worker.terminate();
        if (disposed) return;
        const restarting = mayRestart();
        current = restarting ? relaunch() : Promise.reject(error);
        current.catch(() => undefined);
        options.onCrash?.(error, restarting);
      },
    };
    worker.addEventListener('error', (event) =>
      live.crash((event as ErrorEvent).message || 'it could not start, or threw an uncaught error'),
    );
    worker.addEventListener('messageerror', () => live.crash('a message could not be read'));
    return live;
  }

  /** A fresh worker with the model that was loaded in the stopped one. */
  async function relaunch(): Promise<Live> {
    const live = await launch();
    if (model !== undefined)
      await race(
        live,
        live.engine.load(model, () => undefined),
      );
    options.onRestarted?.();
    return live;
  }

  const race = <T>(live: Live, call: Promise<T>): Promise<T> => Promise.race([call, live.crashed]);

  async function run<T>(call: (engine: ChatEngine) => Promise<T>): Promise<T> {
    if (disposed) throw disposed;
    const live = await current;
    return race(live, call(live.engine));
  }

  return {
    async load(modelId: string, onReport: (report: EngineLoadReport) => void) {
      await run((engine) => engine.load(modelId, onReport));
      model = modelId;
    },
    complete: (request: EngineRequest): Promise<EngineCompletion> =>
      run((engine) => engine.complete(request)),
    async *stream(request: EngineRequest): AsyncIterable<EngineChunk> {
      if (disposed) throw disposed;
      const live = await current;
      const chunks = live.engine.stream(request)[Symbol.asyncIterator]();
      for (;;) {
        const next = await race(live, chunks.next());
        if (next.done) return;
        yield next.value;
      }
    },
    interrupt() {
      current.then((live) => live.engine.interrupt()).catch(() => undefined);
    },
    unload: () => run((engine) => engine.unload()),
    countTokens: (text: string) =>
      run((engine) => engine.countTokens?.(text) ?? Promise.reject(new Error('no tokenizer'))),
    kill(detail: string) {
      void current.then((live) => live.crash(detail)).catch(() => undefined);
    },
    async dispose() {
      if (disposed) return;
      disposed = new WorkerCrashedError(name, 'the model was changed');
      const live = await current.catch(() => undefined);
      if (!live) return;
      await race(live, live.engine.unload()).catch(() => undefined);
      live.crash('the model was changed');
    },
  };
}
