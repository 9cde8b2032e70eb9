/// <reference lib="webworker" />
/** The WASM text-generation worker: transformers.js off the page thread (see textgen-worker-host.ts). */
import type { TextGenRequest } from '../src/models/llm/textgen-protocol.ts';
import { createTextGenHost } from '../src/models/llm/textgen-worker-host.ts';
import { loadTransformersTextGen } from '../src/models/llm/transformers-textgen-loader.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const onMessage = createTextGenHost(
  { postMessage: (message) => scope.postMessage(message) },
  {
    load: (options, onProgress) =>
      loadTransformersTextGen(
        options,
        { origin: self.location.origin, appBase: import.meta.env.BASE_URL },
        onProgress,
      ),
  },
);

scope.addEventListener('message', (event: MessageEvent<TextGenRequest>) => onMessage(event.data));
