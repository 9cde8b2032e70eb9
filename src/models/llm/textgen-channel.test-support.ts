/**
 * Test support: the WASM text-generation worker host behind one end of a real MessageChannel
 * (structured clone, asynchronous delivery, as with a Worker), the page client on the other.
 */
import type { TextGenWorkerLike } from './textgen-client.ts';
import type { TextGenRequest } from './textgen-protocol.ts';
import { createTextGenHost, type TextGenHostDeps } from './textgen-worker-host.ts';

const open: MessagePort[] = [];
/** Closes every channel opened so far (call after each test). */
export function closeChannels(): void {
  for (const port of open.splice(0)) port.close();
}

/** A Worker stand-in: the host behind one end of a MessageChannel, the client on the other. */
export function channelWorker(deps: TextGenHostDeps) {
  const { port1: page, port2: worker } = new MessageChannel();
  open.push(page, worker);
  const host = createTextGenHost({ postMessage: (m) => worker.postMessage(m) }, deps);
  worker.addEventListener('message', (event) => host((event as MessageEvent<TextGenRequest>).data));
  worker.start();
  const sent: TextGenRequest[] = [];
  const errorListeners: ((event: ErrorEvent) => void)[] = [];
  let terminated = false;
  const fake = {
    postMessage(message: TextGenRequest) {
      sent.push(message);
      page.postMessage(message);
    },
    addEventListener(type: string, listener: (event: MessageEvent & ErrorEvent) => void) {
      if (type === 'error') errorListeners.push(listener as (event: ErrorEvent) => void);
      else if (type === 'message')
        page.addEventListener('message', listener as (event: MessageEvent) => void);
    },
    terminate() {
      terminated = true;
      page.close();
    },
  } as TextGenWorkerLike;
  page.start();
  return {
    worker: fake,
    sent,
    crash: (message: string) =>
      errorListeners.forEach((l) => l({ message } as unknown as ErrorEvent)),
    get terminated() {
      return terminated;
    },
  };
}
