/** Serves a MemoryApi over a worker's message port: one request, one reply, errors as {name, message}. */
import {
  MEMORY_METHODS,
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
    void (async (): Promise<MemoryResponse> => {
      try {
        if (!MEMORY_METHODS.includes(request.method))
          throw new Error(`Unknown method ${String(request.method)}`);
        const service = await api;
        const method = service[request.method] as (...args: unknown[]) => Promise<unknown>;
        return { id: request.id, ok: true, value: await method(...request.args) };
      } catch (error) {
        return { id: request.id, ok: false, error: toWireError(error) };
      }
    })().then((response) => port.postMessage(response));
  });
}
