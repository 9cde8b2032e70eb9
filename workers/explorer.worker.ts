/// <reference lib="webworker" />
/**
 * The explorer worker: loads benchmark files, builds their memory trees and runs TaciTree and
 * the baselines off the page thread (logic in src/explorer-backend/explorer-host.ts). Its
 * configuration comes in the worker's name: the LLM mode ('page': the page's active model,
 * 'scripted': the labelled `/?test=scripted` mode only, 'none') and the embedder ('bundled': the
 * tab's one embed worker, over a port the page lends; or the hashing fake in test modes only).
 */
import { HashEmbedder, ScriptedLlm } from '../src/engine/testing/index.ts';
import { BUNDLED_EMBEDDER } from '../src/models/embedder/bundled-model.ts';
import { borrowBundledEmbedder } from '../src/models/embedder/borrowed-embedder.ts';
import type { EmbedderPort } from '../src/engine/ports.ts';
import type {
  ExplorerRequest,
  ExplorerResponse,
} from '../src/explorer-backend/explorer-protocol.ts';
import { parseExplorerConfig } from '../src/explorer-backend/explorer-config.ts';
import { createExplorerHost } from '../src/explorer-backend/explorer-host.ts';
import { PageLlmClient } from '../src/rpc/page-llm-bridge.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const config = parseExplorerConfig(scope.name);

let embedder: Promise<{ port: EmbedderPort; label: string }> | undefined;
/** The bundled model, run by the tab's one embed worker (the page lends a port on first use). */
const bundled = borrowBundledEmbedder(scope);

const onMessage = createExplorerHost((message: ExplorerResponse) => scope.postMessage(message), {
  llmMode: config.llm,
  ...(config.llm === 'page' ? { pageLlm: new PageLlmClient(scope) } : {}),
  ...(__GROVE_TEST_BUILD__ && config.llm === 'scripted'
    ? { scriptedLlm: new ScriptedLlm({ id: 'scripted (test mode)' }) }
    : {}),
  embedder: (onProgress) => {
    embedder ??=
      __GROVE_TEST_BUILD__ && config.embedder === 'hash'
        ? Promise.resolve({ port: new HashEmbedder(), label: 'hashing embedder (test fake)' })
        : bundled
            .ready(onProgress)
            .then(() => ({ port: bundled as EmbedderPort, label: BUNDLED_EMBEDDER.label }));
    embedder.catch(() => (embedder = undefined));
    return embedder;
  },
  fetchText: async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    return {
      name: url,
      text: () => Promise.resolve(new TextDecoder().decode(bytes)),
      arrayBuffer: () => Promise.resolve(bytes),
    };
  },
});

scope.addEventListener('message', (event: MessageEvent<ExplorerRequest>) => onMessage(event.data));
