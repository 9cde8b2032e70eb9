/**
 * `window.grove.embed`: drives the tab's real embed worker of the ORT build its device needs
 * (embed-runtime.ts) from e2e specs and the console. Nothing starts until a method is called;
 * one model per load options is kept. The page registers it (main.tsx, through src/app's test
 * API): models never reach up into the app.
 *
 *   await grove.embed.run(['a text'], { device: 'wasm' })
 *   → { device, dimension, fallbackReason, vectors: number[][], progress: Progress[] }
 */
import type { Progress } from '../../engine/progress.ts';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import type { EmbedClient } from './embed-client.ts';
import { tabEmbedRuntime } from './embed-runtime.ts';
import { ortBuildFor } from './ort-files.ts';
import type { DeviceChoice } from './embed-protocol.ts';

export interface EmbedRunOptions {
  readonly device?: DeviceChoice;
  readonly modelId?: string;
  readonly modelBaseUrl?: string;
}

export interface EmbedRunResult {
  readonly id: string;
  readonly device: string;
  readonly dimension: number;
  readonly fallbackReason: string | null;
  readonly vectors: number[][];
  /** Load progress events, in order (empty when the worker was already loaded). */
  readonly progress: Progress[];
}

const clients = new Map<string, Promise<EmbedClient>>();

async function run(texts: string[], options: EmbedRunOptions = {}): Promise<EmbedRunResult> {
  const device = options.device ?? 'auto';
  const modelId = options.modelId ?? BUNDLED_EMBEDDER.modelId;
  const key = JSON.stringify([device, modelId, options.modelBaseUrl ?? '']);
  const progress: Progress[] = [];
  let client = clients.get(key);
  if (!client) {
    client = tabEmbedRuntime(ortBuildFor(device)).load({
      modelId,
      dtype: BUNDLED_EMBEDDER.dtype,
      device,
      ...(options.modelBaseUrl !== undefined ? { modelBaseUrl: options.modelBaseUrl } : {}),
      onProgress: (p) => progress.push(p),
    });
    clients.set(key, client);
    client.catch(() => clients.delete(key));
  }
  const embedder = await client;
  const vectors = await embedder.embed(texts);
  return {
    id: embedder.id,
    device: embedder.device,
    dimension: embedder.dimension,
    fallbackReason: embedder.fallbackReason ?? null,
    vectors: vectors.map((v) => Array.from(v)),
    progress,
  };
}

/** Runs `run` and returns the error as `{ name, message }` instead of throwing (for specs). */
async function tryRun(texts: string[], options: EmbedRunOptions = {}) {
  try {
    return { ok: true as const, result: await run(texts, options) };
  } catch (error) {
    const e = error as Error;
    return { ok: false as const, error: { name: e.name, message: e.message } };
  }
}

function shutdown(): void {
  for (const client of clients.values())
    void client.then(
      (c) => c.terminate(),
      () => undefined,
    );
  clients.clear();
}

export const embedTestApi = { run, tryRun, shutdown };

export type EmbedTestApi = typeof embedTestApi;
