import { describe, expect, it } from 'vitest';
import { DEFAULT_LLM_FAMILY, DEFAULT_WASM_TEXTGEN, findFamily } from './catalogue.ts';
import type { CapabilityProbe, WebGpuProbe } from './probe.ts';
import { selectRuntime } from './select-runtime.ts';

const limits = {
  maxBufferSize: 2 ** 30,
  maxStorageBufferBindingSize: 2 ** 27,
  maxComputeWorkgroupStorageSize: 32768,
};
const hardware: WebGpuProbe = {
  available: true,
  shaderF16: true,
  software: false,
  adapter: { vendor: 'nvidia', architecture: 'ampere', description: '' },
  limits,
};
const swiftshader: WebGpuProbe = {
  available: true,
  shaderF16: false,
  software: true,
  adapter: { vendor: 'google', architecture: 'swiftshader', description: '' },
  limits,
};
const noGpu: WebGpuProbe = {
  available: false,
  reason: 'no-adapter',
  detail: 'no adapter was granted',
};

function probe(webgpu: WebGpuProbe, extra: Partial<CapabilityProbe> = {}): CapabilityProbe {
  return {
    secureContext: true,
    crossOriginIsolated: true,
    webgpu,
    wasm: { available: true, threads: true },
    deviceMemoryGB: 8,
    cores: 8,
    ...extra,
  };
}

describe('selectRuntime', () => {
  it('picks the f16 variant of the default model on a GPU with shader-f16', () => {
    const s = selectRuntime(probe(hardware), { kind: 'auto' });
    expect(s).toMatchObject({ mode: 'webgpu', familyId: DEFAULT_LLM_FAMILY, precision: 'f16' });
    expect(s.mode === 'webgpu' && s.modelId).toBe(
      findFamily(DEFAULT_LLM_FAMILY)?.variants.f16.modelId,
    );
    expect(s.cost.leavesDevice).toBe(false);
    expect(s.cost.downloadMB).toBeGreaterThan(0);
    expect(s.guidance).toEqual([]);
  });

  it('picks the f32 variant without shader-f16 and labels a software adapter very slow', () => {
    const s = selectRuntime(probe(swiftshader), { kind: 'auto' });
    expect(s).toMatchObject({ mode: 'webgpu', precision: 'f32' });
    expect(s.mode === 'webgpu' && s.modelId).toMatch(/q4f32_1-MLC$/);
    expect(s.cost.speed).toBe('very slow');
    expect(s.guidance.join(' ')).toMatch(/software renderer/);
    // Automatic does not recommend a large download beside that warning: the smallest model.
    expect(s.mode === 'webgpu' && s.familyId).toBe('smollm2-360m');
    expect(s.guidance.join(' ')).toMatch(/Automatic picks the smallest \(SmolLM2 360M Instruct\)/);
    expect(selectRuntime(probe(hardware), { kind: 'auto' })).toMatchObject({
      familyId: 'qwen2.5-1.5b',
    });
  });

  it('honours the chosen model; an f16 request degrades to f32 without shader-f16', () => {
    const s = selectRuntime(probe(swiftshader), {
      kind: 'webllm',
      family: 'llama-3.2-1b',
      precision: 'f16',
    });
    expect(s).toMatchObject({
      mode: 'webgpu',
      modelId: 'Llama-3.2-1B-Instruct-q4f32_1-MLC',
      precision: 'f32',
    });
    expect(s.guidance.join(' ')).toMatch(/lacks shader-f16/);
    const forced = selectRuntime(probe(hardware), {
      kind: 'webllm',
      family: 'smollm2-360m',
      precision: 'f32',
    });
    expect(forced).toMatchObject({ modelId: 'SmolLM2-360M-Instruct-q4f32_1-MLC' });
  });

  it('uses a small model on low-memory devices and warns when a model may not fit', () => {
    expect(selectRuntime(probe(hardware, { deviceMemoryGB: 4 }), { kind: 'auto' })).toMatchObject({
      familyId: 'qwen2.5-0.5b',
    });
    const big = selectRuntime(probe(hardware, { deviceMemoryGB: 2 }), {
      kind: 'webllm',
      family: 'llama-3.2-3b',
      precision: 'auto',
    });
    expect(big.guidance.join(' ')).toMatch(/may not fit/);
  });

  it('falls back to the default model when the chosen one is unknown', () => {
    const s = selectRuntime(probe(hardware), {
      kind: 'webllm',
      family: 'gpt-9',
      precision: 'auto',
    });
    expect(s).toMatchObject({ mode: 'webgpu', familyId: DEFAULT_LLM_FAMILY });
    expect(s.guidance[0]).toMatch(/not in the catalogue/);
  });

  it('falls back to the WASM text-generation model without WebGPU, and says how to enable it', () => {
    const s = selectRuntime(probe(noGpu), { kind: 'auto' });
    expect(s).toMatchObject({ mode: 'wasm', modelId: DEFAULT_WASM_TEXTGEN });
    expect(s.reason).toMatch(/WebGPU is unavailable/);
    expect(s.cost.speed).toBe('slow');
    expect(s.guidance.join(' ')).toMatch(/--enable-unsafe-webgpu/);
    // A chosen web-llm model cannot run either: same fallback.
    expect(
      selectRuntime(probe(noGpu), { kind: 'webllm', family: 'qwen2.5-3b', precision: 'auto' }).mode,
    ).toBe('wasm');
  });

  it('uses the no-LLM mode when nothing can run, or when the user says so', () => {
    const nothing = selectRuntime(probe(noGpu, { wasm: { available: false, threads: false } }), {
      kind: 'auto',
    });
    expect(nothing).toMatchObject({ mode: 'none' });
    expect(nothing.cost).toMatchObject({ downloadMB: 0, speed: 'instant' });
    expect(nothing.cost.summary).toMatch(/extracted/);
    expect(selectRuntime(probe(hardware), { kind: 'none' }).mode).toBe('none');
    expect(
      selectRuntime(probe(hardware, { wasm: { available: false, threads: false } }), {
        kind: 'wasm',
        model: 'x',
      }).mode,
    ).toBe('none');
  });

  it('honours an explicit WASM choice even with WebGPU', () => {
    const s = selectRuntime(probe(hardware), {
      kind: 'wasm',
      model: 'HuggingFaceTB/SmolLM2-135M-Instruct',
    });
    expect(s).toMatchObject({ mode: 'wasm', modelId: 'HuggingFaceTB/SmolLM2-135M-Instruct' });
  });

  it('marks the opt-in HTTP endpoint as leaving the device', () => {
    const s = selectRuntime(probe(hardware), {
      kind: 'openai',
      baseUrl: 'http://10.1.2.3:8080',
      model: 'llama',
    });
    expect(s).toMatchObject({ mode: 'remote', model: 'llama' });
    expect(s.cost.leavesDevice).toBe(true);
    expect(s.cost.summary).toMatch(/leave this device/);
  });

  it('is a pure function: same input, same output', () => {
    const p = probe(swiftshader);
    expect(selectRuntime(p, { kind: 'auto' })).toEqual(selectRuntime(p, { kind: 'auto' }));
  });
});
