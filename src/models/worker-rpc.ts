/**
 * The small typed request/response layer shared by Grove's model workers (the embedder, WASM text
 * generation). Page side: numbered calls, intermediate updates (progress, streamed deltas) routed
 * to their caller, cancellation as a `cancel` message, a crashed worker failing every call.
 * Worker side: requests served one at a time in arrival order, each with its own AbortSignal.
 * Errors cross as `{ name, message }` and are rebuilt as the app's own classes.
 */
import { AbortError, abortErrorFrom } from '../engine/errors.ts';

export interface WireError {
  readonly name: string;
  readonly message: string;
}

export function toWireError(error: unknown): WireError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Any Error subclass, whatever its constructor takes. */
export type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Rebuilds a wire error as the class registered under its name, keeping the exact message (so
 * `instanceof` works on the page); unknown names become plain Errors carrying that name.
 */
export function errorFromWire(
  wire: WireError,
  classes: Readonly<Record<string, ErrorClass>>,
): Error {
  const Class = classes[wire.name];
  // Error's own constructor with the subclass as new.target: the right prototype and message,
  // without running a constructor that would rewrite the message (ModelLoadError adds advice).
  const error = Class
    ? (Reflect.construct(Error, [wire.message], Class) as Error)
    : new Error(wire.message);
  Object.defineProperty(error, 'name', { value: wire.name, writable: true, configurable: true });
  return error;
}

/** Every message either way carries the id of the call it belongs to. */
export interface RpcMessage {
  readonly type: string;
  readonly id: number;
}

export interface CancelMessage {
  readonly type: 'cancel';
  readonly id: number;
}

export interface ErrorMessage {
  readonly type: 'error';
  readonly id: number;
  readonly error: WireError;
}

/** The parts of a Worker the page side uses (a real Worker, a MessagePort adapter, a test fake). */
export interface RpcWorkerLike<Req, Res> {
  postMessage(message: Req): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Res>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** Omit that keeps a union a union. */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface RpcChannelOptions<Res extends RpcMessage> {
  /** Error classes by name, to rebuild worker errors. */
  readonly errors: Readonly<Record<string, ErrorClass>>;
  /** Response types that are updates on the way (progress, deltas), not the final answer. */
  readonly updates: readonly Res['type'][];
  /** The error every call fails with once the worker crashed (an `error` event). */
  readonly crashed: (detail: string) => Error;
}

interface Pending<Res> {
  resolve(value: Res): void;
  reject(error: Error): void;
  onUpdate: ((update: Res) => void) | undefined;
}

/** Page-side request/response bookkeeping over one worker. */
export class RpcChannel<Req extends RpcMessage, Res extends RpcMessage> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Res>>();
  private closed: Error | undefined;

  constructor(
    private readonly worker: RpcWorkerLike<Req | CancelMessage, Res | ErrorMessage>,
    private readonly options: RpcChannelOptions<Res>,
  ) {
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) =>
      this.close(options.crashed(event.message || 'could not start the worker script')),
    );
  }

  /**
   * Sends `request` and resolves with the final answer. A signal that fires posts `cancel` and
   * rejects at once with AbortError; the worker's late answer is dropped.
   */
  call(
    request: WithoutId<Req>,
    onUpdate?: (update: Res) => void,
    signal?: AbortSignal,
  ): Promise<Res> {
    if (this.closed) return Promise.reject(this.closed);
    if (signal?.aborted) return Promise.reject(abortErrorFrom(signal));
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.worker.postMessage({ type: 'cancel', id });
        reject(abortErrorFrom(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        onUpdate,
      });
      this.worker.postMessage({ ...request, id } as Req);
    });
  }

  close(reason: Error): void {
    if (this.closed) return;
    this.closed = reason;
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
    this.worker.terminate();
  }

  private receive(message: Res | ErrorMessage): void {
    const pending = this.pending.get(message.id);
    if (!pending) return; // cancelled or unknown: its late answer is dropped
    if (isError(message)) {
      this.pending.delete(message.id);
      pending.reject(errorFromWire(message.error, this.options.errors));
      return;
    }
    if (this.options.updates.includes(message.type)) {
      pending.onUpdate?.(message);
      return;
    }
    this.pending.delete(message.id);
    pending.resolve(message);
  }
}

function isError(message: RpcMessage): message is ErrorMessage {
  return message.type === 'error';
}

export interface ServeOptions<Req> {
  /** Requests that may run beside the queue (cheap, read-only ones such as token counts). */
  readonly concurrent?: (request: Req) => boolean;
}

/**
 * Worker side: serves requests one at a time in arrival order (calls to one model never
 * interleave). `cancel` aborts its request's signal: a queued request then never runs, a running
 * one sees the signal. A handler that throws answers `{ type: 'error', id, error }`.
 */
export function serveRequests<Req extends RpcMessage>(
  handle: (request: Req, signal: AbortSignal) => Promise<void>,
  postError: (message: ErrorMessage) => void,
  options: ServeOptions<Req> = {},
): (request: Req | CancelMessage) => void {
  let queue: Promise<void> = Promise.resolve();
  const controllers = new Map<number, AbortController>();

  async function run(request: Req, controller: AbortController): Promise<void> {
    try {
      if (controller.signal.aborted) throw new AbortError();
      await handle(request, controller.signal);
    } catch (error) {
      postError({ type: 'error', id: request.id, error: toWireError(error) });
    } finally {
      controllers.delete(request.id);
    }
  }

  return (request) => {
    if (isCancel(request)) {
      controllers.get(request.id)?.abort();
      return;
    }
    const controller = new AbortController();
    controllers.set(request.id, controller);
    if (options.concurrent?.(request)) void run(request, controller);
    else queue = queue.then(() => run(request, controller));
  };
}

function isCancel(message: RpcMessage): message is CancelMessage {
  return message.type === 'cancel';
}
