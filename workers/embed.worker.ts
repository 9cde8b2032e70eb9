/// <reference lib="webworker" />
/** The embed worker: transformers.js embedder off the page thread (see embed-worker-host.ts). */
import type { EmbedRequest, EmbedResponse } from '../src/models/embedder/embed-protocol.ts';
import {
  browserWebGpuAvailable,
  loadBrowserEmbedder,
} from '../src/models/embedder/browser-load.ts';
import { createEmbedHost } from '../src/models/embedder/embed-worker-host.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const onMessage = createEmbedHost(
  { postMessage: (message: EmbedResponse, transfer) => scope.postMessage(message, transfer) },
  {
    webGpuAvailable: browserWebGpuAvailable,
    load: (options, device, post, id) =>
      loadBrowserEmbedder(
        options,
        device,
        (progress) => post({ type: 'progress', id, progress }),
        import.meta.env.BASE_URL,
      ),
  },
);

scope.addEventListener('message', (event: MessageEvent<EmbedRequest>) => onMessage(event.data));
