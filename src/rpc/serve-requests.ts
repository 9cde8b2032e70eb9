/**
 * The answering side of Grove's one RPC. Each request gets its own AbortSignal, fired by the
 * caller's `cancel`; a handler that throws answers `{ type: 'error', id, error }` with the error
 * on the wire (its class is rebuilt on the other side). Requests are served one at a time in
 * arrival order (calls to one model never interleave) unless `concurrent` lets one run beside
 * the queue.
 */
import { AbortError } from '../engine/errors.ts';
import { isCancel, onChannel, type ErrorMessage, type RpcMessage } from './rpc-messages.ts';
import { toWireError } from './wire-error.ts';

export interface ServeOptions<Req> {
  /** Requests that may run beside the queue (true for all: every request runs at once). */
  readonly concurrent?: (request: Req) => boolean;
  /** Serve only the messages tagged with this channel (see rpc-messages.ts). */
  readonly channel?: string;
  /** Stops serving: running requests see their signal fire, later ones are ignored. */
  readonly signal?: AbortSignal;
}

/** Posts a reply to the request being served, with its id and channel. */
export type Reply<Res> = (
  message: Res extends unknown ? Omit<Res, 'id' | 'channel'> : never,
) => void;

/**
 * Returns the message handler. Messages that are not requests on this channel are ignored, so
 * several servers (and callers) can share one port.
 */
export function serveRequests<Req extends RpcMessage, Res extends RpcMessage = never>(
  handle: (request: Req, signal: AbortSignal, reply: Reply<Res>) => Promise<void>,
  post: (message: ErrorMessage | Res) => void,
  options: ServeOptions<Req> = {},
): (message: unknown) => void {
  let queue: Promise<void> = Promise.resolve();
  const controllers = new Map<number, AbortController>();
  const { channel } = options;
  const tag = channel ? { channel } : {};
  options.signal?.addEventListener('abort', () => {
    for (const controller of controllers.values()) controller.abort(options.signal?.reason);
  });

  async function run(request: Req, controller: AbortController): Promise<void> {
    const reply: Reply<Res> = (message) => post({ ...message, id: request.id, ...tag } as Res);
    try {
      if (controller.signal.aborted) throw new AbortError();
      await handle(request, controller.signal, reply);
    } catch (error) {
      post({ type: 'error', id: request.id, error: toWireError(error), ...tag });
    } finally {
      controllers.delete(request.id);
    }
  }

  return (message) => {
    if (options.signal?.aborted || !onChannel(message, channel)) return;
    if (isCancel(message)) {
      controllers.get(message.id)?.abort();
      return;
    }
    const request = message as Req;
    const controller = new AbortController();
    controllers.set(request.id, controller);
    if (options.concurrent?.(request)) void run(request, controller);
    else queue = queue.then(() => run(request, controller));
  };
}
