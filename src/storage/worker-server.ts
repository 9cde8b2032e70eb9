/** Serves a MemoryApi over a worker's message port: one request, one reply, errors as {name, message}. */
import {
  MEMORY_METHODS,
  STREAM_ARG,
  toWireError,
  type MemoryApi,
  type MemoryRequest,
  type MemoryResponse,
} from './worker-protocol.ts';

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export function serveMemory(port: MessagePortLike, api: Promise<MemoryApi> | MemoryApi): void {
  port.addEventListener('message', (event) => {
    const request = event.data as MemoryRequest;
    // Other traffic on this port (the LLM bridge's replies) is not a MemoryApi call.
    if (typeof request.method !== 'string') return;
    void (async (): Promise<MemoryResponse> => {
      try {
        if (!MEMORY_METHODS.includes(request.method))
          throw new Error(`Unknown method ${String(request.method)}`);
        const service = await api;
        const method = service[request.method] as (...args: unknown[]) => Promise<unknown>;
        const args: unknown[] = [...request.args];
        const streamAt = STREAM_ARG[request.method];
        if (streamAt !== undefined) {
          while (args.length < streamAt) args.push(undefined);
          args[streamAt] = (event: unknown) => port.postMessage({ id: request.id, event });
        }
        return { id: request.id, ok: true, value: await method(...args) };
      } catch (error) {
        return { id: request.id, ok: false, error: toWireError(error) };
      }
    })().then((response) => port.postMessage(response));
  });
}
