/**
 * Capability probe: what this browser can run. WebGPU present? An adapter? Software or hardware?
 * `shader-f16`? Limits? WASM threads? Reads browser APIs only: it downloads and fetches nothing.
 * The result is plain JSON (shown in the shell, exposed to e2e as window.grove.runtime).
 */

export interface AdapterSummary {
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
}

export interface GpuLimitsSummary {
  readonly maxBufferSize: number;
  readonly maxStorageBufferBindingSize: number;
  readonly maxComputeWorkgroupStorageSize: number;
}

export type WebGpuProbe =
  | {
      readonly available: false;
      readonly reason: 'insecure-context' | 'no-api' | 'no-adapter' | 'error';
      readonly detail: string;
    }
  | {
      readonly available: true;
      readonly shaderF16: boolean;
      /** A CPU implementation (SwiftShader, llvmpipe ...): works, but far too slow for real models. */
      readonly software: boolean;
      readonly adapter: AdapterSummary;
      readonly limits: GpuLimitsSummary;
    };

export interface CapabilityProbe {
  readonly secureContext: boolean;
  readonly crossOriginIsolated: boolean;
  readonly webgpu: WebGpuProbe;
  readonly wasm: { readonly available: boolean; readonly threads: boolean };
  /** navigator.deviceMemory (GB, rounded by the browser), null when not exposed. */
  readonly deviceMemoryGB: number | null;
  readonly cores: number | null;
}

/** The WebGPU API surface the probe reads (structural: no @webgpu/types needed). */
interface AdapterLike {
  readonly features: { has(name: string): boolean };
  readonly limits: Record<string, unknown>;
  readonly info?: Partial<AdapterSummary> & { readonly isFallbackAdapter?: boolean };
  readonly isFallbackAdapter?: boolean;
}
export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<AdapterLike | null>;
}

export interface ProbeEnv {
  readonly gpu: GpuLike | undefined;
  readonly secureContext: boolean;
  readonly crossOriginIsolated: boolean;
  readonly wasm: boolean;
  readonly deviceMemoryGB: number | undefined;
  readonly cores: number | undefined;
  /** Give up on requestAdapter after this long (some drivers hang). */
  readonly adapterTimeoutMs?: number;
}

export function browserProbeEnv(): ProbeEnv {
  const nav = globalThis.navigator as
    (Navigator & { gpu?: GpuLike; deviceMemory?: number }) | undefined;
  return {
    gpu: nav?.gpu,
    secureContext: globalThis.isSecureContext === true,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    wasm: typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function',
    deviceMemoryGB: nav?.deviceMemory,
    cores: nav?.hardwareConcurrency,
  };
}

const SOFTWARE = /swiftshader|llvmpipe|lavapipe|softpipe|software|basic render/i;

export async function probeCapabilities(
  env: ProbeEnv = browserProbeEnv(),
): Promise<CapabilityProbe> {
  return {
    secureContext: env.secureContext,
    crossOriginIsolated: env.crossOriginIsolated,
    webgpu: await probeWebGpu(env),
    wasm: { available: env.wasm, threads: env.wasm && env.crossOriginIsolated },
    deviceMemoryGB: env.deviceMemoryGB ?? null,
    cores: env.cores ?? null,
  };
}

async function probeWebGpu(env: ProbeEnv): Promise<WebGpuProbe> {
  if (!env.gpu) {
    return env.secureContext
      ? { available: false, reason: 'no-api', detail: 'this browser has no WebGPU API' }
      : {
          available: false,
          reason: 'insecure-context',
          detail: 'WebGPU needs a page served over https or from localhost',
        };
  }
  let adapter: AdapterLike | null;
  try {
    adapter = await withTimeout(
      env.gpu.requestAdapter({ powerPreference: 'high-performance' }),
      env.adapterTimeoutMs ?? 5000,
    );
  } catch (error) {
    return {
      available: false,
      reason: 'error',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (!adapter) {
    return {
      available: false,
      reason: 'no-adapter',
      detail: 'the browser granted no GPU adapter; WebGPU is disabled or this GPU is blocklisted',
    };
  }
  const info: AdapterSummary = {
    vendor: adapter.info?.vendor ?? '',
    architecture: adapter.info?.architecture ?? '',
    description: adapter.info?.description ?? '',
  };
  const limit = (name: string) => {
    const value = adapter.limits[name];
    return typeof value === 'number' ? value : 0;
  };
  return {
    available: true,
    shaderF16: adapter.features.has('shader-f16'),
    software:
      adapter.isFallbackAdapter === true ||
      adapter.info?.isFallbackAdapter === true ||
      SOFTWARE.test(`${info.vendor} ${info.architecture} ${info.description}`),
    adapter: info,
    limits: {
      maxBufferSize: limit('maxBufferSize'),
      maxStorageBufferBindingSize: limit('maxStorageBufferBindingSize'),
      maxComputeWorkgroupStorageSize: limit('maxComputeWorkgroupStorageSize'),
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`requestAdapter did not answer within ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
