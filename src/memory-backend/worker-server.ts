/**
 * Serves a MemoryApi over a worker's port with Grove's one RPC (src/rpc): calls run at once, side
 * by side (a retrieval never waits behind a background ingestion); traversal events stream back;
 * a call's AbortSignal reaches the method; errors cross with their class.
 */
import { serveRequests } from '../rpc/serve-requests.ts';
import {
  MEMORY_METHODS,
  RESULT_WIRE,
  SIGNAL_ARG,
  STREAM_ARG,
  type MemoryApi,
  type MemoryRequest,
  type MemoryResponse,
} from './worker-protocol.ts';

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export class UnknownMemoryMethodError extends Error {
  override readonly name = 'UnknownMemoryMethodError';
  constructor(method: string) {
    super(`The memory worker has no method "${method}": reload the page (a stale worker?).`);
  }
}

export function serveMemory(port: MessagePortLike, api: Promise<MemoryApi> | MemoryApi): void {
  const serve = serveRequests<MemoryRequest, MemoryResponse>(
    async (request, signal, reply) => {
      if (!MEMORY_METHODS.includes(request.method))
        throw new UnknownMemoryMethodError(String(request.method));
      const service = await api;
      const method = service[request.method] as (...args: unknown[]) => Promise<unknown>;
      const args: unknown[] = [...request.args];
      const put = (at: number | undefined, value: unknown) => {
        if (at === undefined) return;
        while (args.length < at) args.push(undefined);
        args[at] = value;
      };
      put(STREAM_ARG[request.method], (event: unknown) => reply({ type: 'event', event }));
      put(SIGNAL_ARG[request.method], signal);
      const value = await method(...args);
      const wire = RESULT_WIRE[request.method];
      reply({ type: 'result', value: wire ? wire.encode(value) : value });
    },
    (message) => port.postMessage(message),
    { concurrent: () => true },
  );
  port.addEventListener('message', (event) => serve(event.data));
}
