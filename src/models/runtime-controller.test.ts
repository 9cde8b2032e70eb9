import { describe, expect, it } from 'vitest';
import { MemorySettings, ModelChoiceStore } from './model-choice.ts';
import type { CapabilityProbe } from './probe.ts';
import { RuntimeController } from './runtime-controller.ts';

const swiftshaderProbe: CapabilityProbe = {
  secureContext: true,
  crossOriginIsolated: true,
  webgpu: {
    available: true,
    shaderF16: false,
    software: true,
    adapter: { vendor: 'google', architecture: 'swiftshader', description: '' },
    limits: { maxBufferSize: 1, maxStorageBufferBindingSize: 1, maxComputeWorkgroupStorageSize: 1 },
  },
  wasm: { available: true, threads: true },
  deviceMemoryGB: 8,
  cores: 4,
};

describe('RuntimeController', () => {
  it('probes once, selects, notifies, and persists a new choice', async () => {
    let probes = 0;
    const settings = new MemorySettings();
    const controller = new RuntimeController(
      async () => (probes++, swiftshaderProbe),
      new ModelChoiceStore(settings),
    );
    let notified = 0;
    controller.subscribe(() => notified++);
    expect(controller.getSnapshot().status).toBe('probing');
    const [a, b] = await Promise.all([controller.start(), controller.testApi.whenReady()]);
    expect(a).toBe(b);
    expect(probes).toBe(1);
    expect(a.status === 'ready' && a.selection).toMatchObject({ mode: 'webgpu', precision: 'f32' });
    expect(notified).toBe(1);

    const after = controller.testApi.choose({ kind: 'none' });
    expect(after.status === 'ready' && after.selection.mode).toBe('none');
    expect(new ModelChoiceStore(settings).load().llm).toEqual({ kind: 'none' });
    expect(notified).toBe(2);
  });
});

describe('RuntimeController.load', () => {
  it('loads the selected model with progress, and reports failures with their error type', async () => {
    const seen: number[] = [];
    const controller = new RuntimeController(
      async () => swiftshaderProbe,
      new ModelChoiceStore(new MemorySettings()),
      async (selection, _choice, onProgress) => {
        onProgress({
          status: 'progress',
          task: 't',
          stage: 'download',
          progress: 40,
          loaded: 40,
          total: 100,
        });
        if (selection.mode === 'none') return undefined;
        if (selection.mode === 'wasm')
          throw Object.assign(new Error('no weights'), { name: 'ModelLoadError' });
        return {
          port: {
            id: `fake:${selection.label}`,
            complete: async () => ({ text: '', promptTokens: 0, completionTokens: 0 }),
            completeStructured: async () => ({ text: '', promptTokens: 0, completionTokens: 0 }),
            countTokens: () => 0,
          },
        };
      },
    );
    controller.subscribe(() => {
      const s = controller.getSnapshot();
      if (s.llm.status === 'loading') seen.push(s.llm.progress);
    });
    const loaded = await controller.load();
    expect(loaded.llm).toMatchObject({ status: 'ready' });
    expect(controller.llm?.id).toMatch(/^fake:/);
    expect(seen).toEqual([0, 40]);

    controller.choose({ kind: 'wasm', model: 'HuggingFaceTB/SmolLM2-360M-Instruct' });
    expect(controller.llm).toBeUndefined();
    const failed = await controller.load();
    expect(failed.llm).toEqual({
      status: 'failed',
      error: { name: 'ModelLoadError', message: 'no weights' },
    });

    controller.setModelBaseUrl('http://127.0.0.1:9/models/');
    expect(controller.getSnapshot().choice.modelBaseUrl).toBe('http://127.0.0.1:9/models/');
    expect(controller.getSnapshot().llm).toEqual({ status: 'idle' });
  });
});

describe('RuntimeController: one model at a time', () => {
  it('changing the model, or loading again, unloads the old one and ends its worker', async () => {
    const alive = new Set<number>();
    let next = 0;
    const killed: string[] = [];
    const controller = new RuntimeController(
      async () => swiftshaderProbe,
      new ModelChoiceStore(new MemorySettings()),
      async (selection) => {
        const worker = ++next;
        alive.add(worker);
        return {
          port: {
            id: `fake:${selection.label}#${worker}`,
            complete: async () => ({ text: '', promptTokens: 0, completionTokens: 0 }),
            completeStructured: async () => ({ text: '', promptTokens: 0, completionTokens: 0 }),
            countTokens: () => 0,
          },
          dispose: async () => void alive.delete(worker),
          kill: (detail) => void killed.push(`${worker}: ${detail}`),
        };
      },
    );
    await controller.load();
    await controller.load();
    expect([...alive]).toEqual([2]);
    expect(controller.testApi.killLlmWorker()).toBe(true);
    expect(killed).toEqual(['2: killed by the test API']);
    controller.choose({ kind: 'wasm', model: 'HuggingFaceTB/SmolLM2-360M-Instruct' });
    expect(controller.llm).toBeUndefined();
    await Promise.resolve();
    expect([...alive]).toEqual([]);
    expect(controller.testApi.killLlmWorker()).toBe(false);
    await controller.load();
    expect([...alive]).toEqual([3]);
  });
});

describe('RuntimeController model base URL', () => {
  it('validates and persists it, and the embedder options follow it', async () => {
    const settings = new MemorySettings();
    const controller = new RuntimeController(
      async () => swiftshaderProbe,
      new ModelChoiceStore(settings),
    );
    await controller.start();
    expect(() => controller.setModelBaseUrl('ftp://nope/')).toThrow(
      expect.objectContaining({ name: 'ModelBaseUrlError' }),
    );
    expect(controller.getSnapshot().choice.modelBaseUrl).toBeNull();
    controller.setModelBaseUrl('/air-gapped');
    expect(new ModelChoiceStore(settings).load().modelBaseUrl).toBe('/air-gapped/');
    // The bundled embedder still comes from the app; a catalogue one from the base URL.
    expect(controller.testApi.embedderOptions('wasm')).not.toHaveProperty('modelBaseUrl');
    new ModelChoiceStore(settings).update({ embedder: 'Xenova/all-MiniLM-L6-v2' });
    const restarted = new RuntimeController(
      async () => swiftshaderProbe,
      new ModelChoiceStore(settings),
    );
    expect(restarted.embedderOptions()).toMatchObject({
      modelId: 'Xenova/all-MiniLM-L6-v2',
      modelBaseUrl: '/air-gapped/',
    });
  });
});
