/**
 * createLlm for the WASM fallback: the model runs in the text-generation worker (here: its host
 * over a MessageChannel with a fake pipeline), loaded from the persisted model base URL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WASM_TEXTGEN } from '../catalogue.ts';
import { DEFAULT_CHOICE, type ModelChoice } from '../model-choice.ts';
import type { CapabilityProbe } from '../probe.ts';
import { selectRuntime } from '../select-runtime.ts';
import { createLlm } from './create-llm.ts';
import { fakeTextGenHelpers, fakeTextGenPipeline } from './fake-textgen-pipeline.ts';
import { channelWorker, closeChannels } from './textgen-channel.test-support.ts';
import type { TextGenLoadOptions } from './textgen-protocol.ts';
import { TransformersTextGenPort } from './transformers-textgen-port.ts';

afterEach(closeChannels);

const noWebGpu: CapabilityProbe = {
  secureContext: true,
  crossOriginIsolated: true,
  webgpu: { available: false, reason: 'no-adapter', detail: 'no adapter was granted' },
  wasm: { available: true, threads: true },
  deviceMemoryGB: 8,
  cores: 8,
};

async function loadWasm(choice: ModelChoice) {
  const loads: TextGenLoadOptions[] = [];
  const fake = fakeTextGenPipeline({ reply: () => 'hello from the worker' });
  const worker = channelWorker({
    load: async (options, onProgress) => {
      loads.push(options);
      onProgress({ status: 'initiate', task: 'load' });
      onProgress({ status: 'done', task: 'load', progress: 100 });
      return new TransformersTextGenPort(options.modelId, fake.generator, fakeTextGenHelpers);
    },
  });
  const selection = selectRuntime(noWebGpu, choice.llm);
  expect(selection.mode).toBe('wasm');
  const progress: string[] = [];
  const loaded = await createLlm(selection, choice, (p) => progress.push(p.status), undefined, {
    textGenWorker: () => worker.worker,
  });
  return { loaded, loads, progress };
}

describe('createLlm (WASM fallback)', () => {
  it('runs the transformers.js model in its worker, with load progress', async () => {
    const { loaded, loads, progress } = await loadWasm(DEFAULT_CHOICE);
    expect(loaded?.leavesDevice).toBe(false);
    expect(loaded?.port.id).toBe(`transformers-wasm:${DEFAULT_WASM_TEXTGEN}`);
    expect(loads).toEqual([{ modelId: DEFAULT_WASM_TEXTGEN, dtype: 'q4' }]);
    expect(progress).toEqual(['initiate', 'done']);
    const reply = await loaded?.port.complete({
      messages: [{ role: 'user', content: 'hi' }],
      maxTokens: 8,
    });
    expect(reply?.text).toBe('hello from the worker');
  });

  it('passes the persisted self-hosted model base URL to the worker', async () => {
    const { loads } = await loadWasm({ ...DEFAULT_CHOICE, modelBaseUrl: '/air-gapped/models/' });
    expect(loads[0]?.modelBaseUrl).toBe('/air-gapped/models/');
  });
});
