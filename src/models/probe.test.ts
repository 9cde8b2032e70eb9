import { describe, expect, it } from 'vitest';
import { probeCapabilities, type GpuLike, type ProbeEnv } from './probe.ts';

const base: ProbeEnv = {
  gpu: undefined,
  secureContext: true,
  crossOriginIsolated: true,
  wasm: true,
  deviceMemoryGB: 8,
  cores: 8,
};

function gpu(
  features: string[],
  info: Record<string, string>,
  extra: Record<string, unknown> = {},
): GpuLike {
  return {
    requestAdapter: async () => ({
      features: new Set(features),
      limits: {
        maxBufferSize: 2 ** 30,
        maxStorageBufferBindingSize: 2 ** 27,
        maxComputeWorkgroupStorageSize: 32768,
      },
      info,
      ...extra,
    }),
  };
}

describe('probeCapabilities', () => {
  it('reports a SwiftShader adapter: software, no shader-f16, with limits', async () => {
    const probe = await probeCapabilities({
      ...base,
      gpu: gpu([], { vendor: 'google', architecture: 'swiftshader' }),
    });
    expect(probe.webgpu).toMatchObject({
      available: true,
      shaderF16: false,
      software: true,
      adapter: { vendor: 'google', architecture: 'swiftshader', description: '' },
      limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 27 },
    });
    expect(probe.wasm).toEqual({ available: true, threads: true });
    expect(probe.deviceMemoryGB).toBe(8);
  });

  it('reports a hardware adapter with shader-f16', async () => {
    const probe = await probeCapabilities({
      ...base,
      gpu: gpu(['shader-f16'], {
        vendor: 'nvidia',
        architecture: 'ampere',
        description: 'RTX 3060',
      }),
    });
    expect(probe.webgpu).toMatchObject({ available: true, shaderF16: true, software: false });
  });

  it('treats a fallback adapter as software', async () => {
    const probe = await probeCapabilities({
      ...base,
      gpu: gpu([], { vendor: 'x' }, { isFallbackAdapter: true }),
    });
    expect(probe.webgpu).toMatchObject({ software: true });
  });

  it('says why WebGPU is missing', async () => {
    expect((await probeCapabilities(base)).webgpu).toMatchObject({
      available: false,
      reason: 'no-api',
    });
    expect((await probeCapabilities({ ...base, secureContext: false })).webgpu).toMatchObject({
      reason: 'insecure-context',
    });
    const none: GpuLike = { requestAdapter: async () => null };
    expect((await probeCapabilities({ ...base, gpu: none })).webgpu).toMatchObject({
      reason: 'no-adapter',
    });
    const broken: GpuLike = {
      requestAdapter: async () => {
        throw new Error('driver crashed');
      },
    };
    expect((await probeCapabilities({ ...base, gpu: broken })).webgpu).toMatchObject({
      reason: 'error',
      detail: 'driver crashed',
    });
    const hangs: GpuLike = { requestAdapter: () => new Promise(() => undefined) };
    expect(
      (await probeCapabilities({ ...base, gpu: hangs, adapterTimeoutMs: 1 })).webgpu,
    ).toMatchObject({
      reason: 'error',
    });
  });

  it('reports WASM threads only when cross-origin isolated', async () => {
    const probe = await probeCapabilities({
      ...base,
      crossOriginIsolated: false,
      deviceMemoryGB: undefined,
    });
    expect(probe.wasm).toEqual({ available: true, threads: false });
    expect(probe.deviceMemoryGB).toBeNull();
  });
});
