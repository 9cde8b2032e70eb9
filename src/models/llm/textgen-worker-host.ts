/**
 * The WASM text-generation worker's logic, kept out of the thin entry file so it can be tested in
 * Node: loads the transformers.js pipeline (as a TransformersTextGenPort) and answers generate and
 * count requests. Generations run one at a time; a `cancel` fires the request's signal, which the
 * port turns into an interrupt of the running generation.
 */
import type { Completion, CompletionRequest, LlmPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import { ModelNotLoadedError } from '../errors.ts';
import { serveRequests } from '../../rpc/serve-requests.ts';
import type { TextGenLoadOptions, TextGenRequest, TextGenResponse } from './textgen-protocol.ts';
import type { DeltaCallback } from './web-llm-port.ts';

export interface TextGenHostScope {
  postMessage(message: TextGenResponse): void;
}

/** What the host needs from a loaded model (TransformersTextGenPort, or a fake). */
export interface TextGenWorkerPort extends LlmPort {
  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion>;
}

export interface TextGenHostDeps {
  /** Configures transformers.js and loads the pipeline (the real one: transformers-textgen-loader). */
  load(options: TextGenLoadOptions, onProgress: ProgressCallback): Promise<TextGenWorkerPort>;
}

type Served = Exclude<TextGenRequest, { type: 'cancel' }>;

export function createTextGenHost(scope: TextGenHostScope, deps: TextGenHostDeps) {
  let loaded: { readonly port: TextGenWorkerPort; readonly modelId: string } | undefined;

  const ready = () => {
    if (!loaded) throw new ModelNotLoadedError('The WASM model');
    return loaded.port;
  };

  async function handle(request: Served, signal: AbortSignal): Promise<void> {
    const { id } = request;
    switch (request.type) {
      case 'load': {
        const port = await deps.load(request.options, (progress) =>
          scope.postMessage({ type: 'progress', id, progress }),
        );
        loaded = { port, modelId: request.options.modelId };
        scope.postMessage({ type: 'loaded', id, modelId: loaded.modelId });
        return;
      }
      case 'count': {
        const tokens = await ready().countTokens(request.text);
        scope.postMessage({ type: 'count', id, tokens });
        return;
      }
      case 'generate': {
        const port = ready();
        const call: CompletionRequest = { ...request.request, signal };
        const { mode } = request;
        const completion =
          mode.kind === 'stream'
            ? await port.stream(call, (delta) => scope.postMessage({ type: 'delta', id, delta }))
            : mode.kind === 'structured'
              ? await port.completeStructured({ ...call, schema: mode.schema })
              : await port.complete(call);
        scope.postMessage({ type: 'completion', id, completion });
        return;
      }
    }
  }

  return serveRequests<Served>(handle, (message) => scope.postMessage(message), {
    // Counting reads the tokenizer only: it need not wait for a running generation.
    concurrent: (request) => request.type === 'count',
  });
}
