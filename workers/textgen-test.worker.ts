/// <reference lib="webworker" />
/**
 * Test mode only (`/?test=scripted&llm=worker`): the WASM text-generation worker's real host and
 * port over the fake pipeline (no weights exist here), so e2e can stop the model's worker in the
 * middle of a reply and watch it be restarted. A message containing "forever" streams until the
 * worker is stopped or the call cancelled; any other gets a short fixed reply.
 */
import {
  fakeTextGenHelpers,
  fakeTextGenPipeline,
} from '../src/models/llm/fake-textgen-pipeline.ts';
import type { TextGenRequest } from '../src/models/llm/textgen-protocol.ts';
import { createTextGenHost } from '../src/models/llm/textgen-worker-host.ts';
import { TransformersTextGenPort } from '../src/models/llm/transformers-textgen-port.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const fake = fakeTextGenPipeline({
  reply: () => 'The model worker answered this message. ',
  endless: (messages) => /forever/i.test(messages.at(-1)?.content ?? ''),
  pieceDelayMs: 40,
});

const onMessage = createTextGenHost(
  { postMessage: (message) => scope.postMessage(message) },
  {
    load: (options) =>
      Promise.resolve(
        new TransformersTextGenPort(options.modelId, fake.generator, fakeTextGenHelpers),
      ),
  },
);

scope.addEventListener('message', (event: MessageEvent<TextGenRequest>) => onMessage(event.data));
