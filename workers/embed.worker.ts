/// <reference lib="webworker" />
/**
 * The embed worker: an ONNX runtime of the ORT build its name says (ort-files.ts) and its loaded
 * embedders, off the page thread (see embed-worker-host.ts). The page calls it over the worker's own port; the memory and
 * explorer workers over MessagePorts the page connects ('connect', embed-runtime.ts).
 */
import {
  embedWorkerBuild,
  isEmbedConnect,
  type EmbedResponse,
} from '../src/models/embedder/embed-protocol.ts';
import {
  browserWebGpuAvailable,
  loadBrowserEmbedder,
} from '../src/models/embedder/browser-load.ts';
import { createEmbedHost } from '../src/models/embedder/embed-worker-host.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const build = embedWorkerBuild(scope.name);
const host = createEmbedHost({
  build,
  webGpuAvailable: browserWebGpuAvailable,
  load: (options, device, post, id) =>
    loadBrowserEmbedder(
      options,
      device,
      (progress) => post({ type: 'progress', id, progress }),
      import.meta.env.BASE_URL,
      build,
    ),
});

const page = host.connect({
  postMessage: (message: EmbedResponse, transfer) => scope.postMessage(message, transfer),
});

scope.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isEmbedConnect(event.data)) {
    page(event.data);
    return;
  }
  const { port } = event.data;
  const serve = host.connect({
    postMessage: (message: EmbedResponse, transfer) => port.postMessage(message, transfer),
  });
  port.addEventListener('message', (e: MessageEvent<unknown>) => serve(e.data));
  port.start();
});
