/**
 * The caller's side of Grove's one RPC (the page calling a worker, or a worker calling the page
 * through the page-LLM bridge): numbered calls, intermediate updates (progress, streamed events)
 * routed to their caller, an AbortSignal that crosses as a `cancel` message, errors rebuilt as
 * their own classes, and a worker that stops failing every call with WorkerCrashedError.
 */
import { abortErrorFrom } from '../engine/errors.ts';
import {
  isError,
  onChannel,
  type CancelMessage,
  type ErrorMessage,
  type RpcMessage,
  type WithoutId,
} from './rpc-messages.ts';
import { errorFromWire, type ErrorClasses } from './wire-error.ts';
import { WorkerCrashedError } from './worker-errors.ts';

/** The parts of a port the caller uses (a Worker, a worker's own scope, a MessagePort, a fake). */
export interface RpcPort<Req, Res> {
  postMessage(message: Req): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Res>) => void): void;
}

/** A Worker as the page sees it: it can fail, and be stopped. */
export interface RpcWorkerLike<Req, Res> extends RpcPort<Req, Res> {
  addEventListener(type: 'message', listener: (event: MessageEvent<Res>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  addEventListener(type: 'messageerror', listener: (event: MessageEvent) => void): void;
  terminate(): void;
}

export interface RpcChannelOptions<Res extends RpcMessage> {
  /** Error classes by name, to rebuild errors from the other side (beside the base set). */
  readonly errors?: ErrorClasses;
  /** Response types that are updates on the way (progress, deltas, events), not the answer. */
  readonly updates?: readonly Res['type'][];
  /** Who answers, in words, for WorkerCrashedError's message ("the memory worker"). */
  readonly worker?: string;
  /** The error calls fail with once the worker stopped (default: WorkerCrashedError). */
  readonly crashed?: (detail: string) => Error;
  /** Called once when the worker stops (after every pending call was rejected). */
  readonly onCrash?: (error: Error) => void;
  /** Messages that answer no call (a worker's broadcasts). */
  readonly onMessage?: (message: unknown) => void;
  /** The channel's tag when it shares its port with another (see rpc-messages.ts). */
  readonly channel?: string;
}

interface Pending<Res> {
  resolve(value: Res): void;
  reject(error: Error): void;
  onUpdate: ((update: Res) => void) | undefined;
}

export class RpcChannel<Req extends RpcMessage, Res extends RpcMessage> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Res>>();
  private closed: Error | undefined;

  constructor(
    private readonly port: RpcPort<Req | CancelMessage, Res | ErrorMessage>,
    private readonly options: RpcChannelOptions<Res> = {},
  ) {
    port.addEventListener('message', (event) => this.receive(event.data));
    if (isWorker(port)) {
      port.addEventListener('error', (event) =>
        this.crash(event.message || 'it could not start, or threw an uncaught error'),
      );
      port.addEventListener('messageerror', () => this.crash('a message could not be read'));
    }
  }

  /** Whether the channel still takes calls (false once its worker stopped or it was closed). */
  get open(): boolean {
    return this.closed === undefined;
  }

  /**
   * Sends `request` and resolves with the final answer. A signal that fires posts `cancel` (the
   * other side's signal for this call fires) and rejects at once with AbortError; the late
   * answer is dropped.
   */
  call(
    request: WithoutId<Req>,
    onUpdate?: (update: Res) => void,
    signal?: AbortSignal,
  ): Promise<Res> {
    if (this.closed) return Promise.reject(this.closed);
    if (signal?.aborted) return Promise.reject(abortErrorFrom(signal));
    const id = this.nextId++;
    const { channel } = this.options;
    return new Promise<Res>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.port.postMessage({ type: 'cancel', id, ...(channel ? { channel } : {}) });
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
      this.port.postMessage({ ...request, id, ...(channel ? { channel } : {}) } as Req);
    });
  }

  /** Stops the worker now: every pending call fails as if it had crashed, with `detail`. */
  kill(detail: string): void {
    this.crash(detail);
  }

  /** Fails every pending and later call with `reason` and stops the worker (if it is one). */
  close(reason: Error): void {
    if (this.closed) return;
    this.closed = reason;
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
    if (isWorker(this.port)) this.port.terminate();
  }

  private crash(detail: string): void {
    if (this.closed) return;
    const error =
      this.options.crashed?.(detail) ??
      new WorkerCrashedError(this.options.worker ?? 'the worker', detail);
    this.close(error);
    this.options.onCrash?.(error);
  }

  private receive(message: unknown): void {
    if (!onChannel(message, this.options.channel)) {
      this.options.onMessage?.(message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) {
      if (message.id === 0) this.options.onMessage?.(message);
      return; // cancelled or unknown: its late answer is dropped
    }
    if (isError(message)) {
      this.pending.delete(message.id);
      pending.reject(errorFromWire(message.error, this.options.errors));
      return;
    }
    const response = message as Res;
    if (this.options.updates?.includes(response.type)) {
      pending.onUpdate?.(response);
      return;
    }
    this.pending.delete(message.id);
    pending.resolve(response);
  }
}

function isWorker<Req, Res>(port: RpcPort<Req, Res>): port is RpcWorkerLike<Req, Res> {
  return typeof (port as Partial<RpcWorkerLike<Req, Res>>).terminate === 'function';
}
