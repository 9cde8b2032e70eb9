/**
 * Which LLM runtime Grove uses: a pure function of the capability probe, the catalogue and the
 * user's choice. Four modes:
 * - webgpu: a web-llm model, f16 when the adapter has `shader-f16`, else its f32 variant;
 * - wasm:   a transformers.js text-generation model on WASM when WebGPU is missing (slower);
 * - remote: an OpenAI-compatible endpoint the user opted into (data leaves the device);
 * - none:   no LLM — extractive facts, keyword-label summaries, the hybrid judge (embedding
 *           cosine + BM25 keywords).
 */
import {
  DEFAULT_LLM_FAMILY,
  DEFAULT_WASM_TEXTGEN,
  LLM_FAMILIES,
  SMALL_DEVICE_LLM_FAMILY,
  WASM_TEXTGEN_MODELS,
  gpuSpeedClass,
  type Precision,
  type SpeedClass,
  type WasmTextGenModel,
  type WebLlmFamily,
} from './catalogue.ts';
import type { LlmChoice } from './model-choice.ts';
import type { CapabilityProbe } from './probe.ts';

export interface RuntimeCost {
  /** One-time download (0 when nothing is downloaded). */
  readonly downloadMB: number;
  readonly vramMB: number | null;
  readonly speed: SpeedClass | 'remote' | 'instant';
  /** True only for the opt-in HTTP endpoint. */
  readonly leavesDevice: boolean;
  readonly summary: string;
}

interface SelectionBase {
  readonly label: string;
  readonly cost: RuntimeCost;
  /** Why this mode was chosen, in one sentence. */
  readonly reason: string;
  /** What the user can do about it. */
  readonly guidance: readonly string[];
}

export type RuntimeSelection =
  | (SelectionBase & {
      readonly mode: 'webgpu';
      readonly familyId: string;
      readonly modelId: string;
      readonly precision: Precision;
    })
  | (SelectionBase & { readonly mode: 'wasm'; readonly modelId: string })
  | (SelectionBase & { readonly mode: 'remote'; readonly baseUrl: string; readonly model: string })
  | (SelectionBase & { readonly mode: 'none' });

export interface RuntimeCatalogue {
  readonly families: readonly WebLlmFamily[];
  readonly wasmModels: readonly WasmTextGenModel[];
}

const DEFAULT_CATALOGUE: RuntimeCatalogue = {
  families: LLM_FAMILIES,
  wasmModels: WASM_TEXTGEN_MODELS,
};

export const ENABLE_WEBGPU_HINT =
  'For fast on-device chat, use Chrome or Edge 113+ (on Linux start it with --enable-unsafe-webgpu), ' +
  'Firefox 141+ or Safari 26+.';

export function selectRuntime(
  probe: CapabilityProbe,
  choice: LlmChoice,
  catalogue: RuntimeCatalogue = DEFAULT_CATALOGUE,
): RuntimeSelection {
  switch (choice.kind) {
    case 'none':
      return noLlm('You chose to run without an LLM.', [
        'Pick a model in settings to enable chat.',
      ]);
    case 'openai':
      return {
        mode: 'remote',
        label: `${choice.model} at ${choice.baseUrl}`,
        baseUrl: choice.baseUrl,
        model: choice.model,
        reason: 'You opted into an OpenAI-compatible endpoint.',
        cost: {
          downloadMB: 0,
          vramMB: null,
          speed: 'remote',
          leavesDevice: true,
          summary: `Prompts and memories are sent to ${new URL(choice.baseUrl).host}: they leave this device.`,
        },
        guidance: ['Switch back to an on-device model to keep everything on this machine.'],
      };
    case 'wasm':
      return probe.wasm.available
        ? wasm(catalogue, choice.model, 'You chose the WASM model.', [])
        : noLlm('This browser cannot run WebAssembly.', [ENABLE_WEBGPU_HINT]);
    case 'auto':
    case 'webllm':
      return onDevice(probe, choice, catalogue);
  }
}

function onDevice(
  probe: CapabilityProbe,
  choice: Extract<LlmChoice, { kind: 'auto' | 'webllm' }>,
  catalogue: RuntimeCatalogue,
): RuntimeSelection {
  const gpu = probe.webgpu;
  if (!gpu.available) {
    const why = `WebGPU is unavailable: ${gpu.detail}.`;
    if (probe.wasm.available) {
      return wasm(
        catalogue,
        DEFAULT_WASM_TEXTGEN,
        `${why} Falling back to a smaller model on WASM.`,
        [ENABLE_WEBGPU_HINT],
      );
    }
    return noLlm(`${why} WebAssembly is unavailable too.`, [ENABLE_WEBGPU_HINT]);
  }
  const guidance: string[] = [];
  const wanted =
    choice.kind === 'webllm' ? catalogue.families.find((f) => f.id === choice.family) : undefined;
  if (choice.kind === 'webllm' && !wanted)
    guidance.push(`Model "${choice.family}" is not in the catalogue.`);
  const autoId =
    probe.deviceMemoryGB !== null && probe.deviceMemoryGB <= 4
      ? SMALL_DEVICE_LLM_FAMILY
      : DEFAULT_LLM_FAMILY;
  // On a software renderer every model is very slow: Automatic recommends the smallest one.
  const smallest = [...catalogue.families].sort((a, b) => a.paramsM - b.paramsM)[0];
  const family =
    wanted ??
    (gpu.software ? smallest : catalogue.families.find((f) => f.id === autoId)) ??
    catalogue.families[0];
  if (!family) return noLlm('The model catalogue is empty.', []);

  const requested = choice.kind === 'webllm' ? choice.precision : 'auto';
  let precision: Precision = gpu.shaderF16 ? 'f16' : 'f32';
  if (requested === 'f32') precision = 'f32';
  if (requested === 'f16' && !gpu.shaderF16) {
    guidance.push('This GPU lacks shader-f16, so the f32 variant is used instead of f16.');
  }
  const variant = family.variants[precision];
  const speed: SpeedClass = gpu.software ? 'very slow' : gpuSpeedClass(family.paramsM);
  if (gpu.software) {
    guidance.push(
      `This WebGPU adapter is a software renderer (${gpu.adapter.architecture || gpu.adapter.vendor || 'CPU'}): ` +
        (choice.kind === 'auto'
          ? `models will be very slow, so Automatic picks the smallest (${family.label}). `
          : 'models will be very slow. ') +
        'Use a machine with a GPU, or run without an LLM.',
    );
  }
  if (probe.deviceMemoryGB !== null && variant.vramMB > probe.deviceMemoryGB * 1024 * 0.6) {
    guidance.push(
      `${family.label} may not fit this device's memory: choose a smaller model if loading fails.`,
    );
  }
  const f16Note = gpu.shaderF16 ? 'shader-f16 available' : 'no shader-f16';
  return {
    mode: 'webgpu',
    label: `${family.label} (${precision}, WebGPU)`,
    familyId: family.id,
    modelId: variant.modelId,
    precision,
    reason: `WebGPU is available (${f16Note}), so the ${precision} variant runs on the GPU.`,
    cost: {
      downloadMB: variant.approxDownloadMB,
      vramMB: variant.vramMB,
      speed,
      leavesDevice: false,
      summary: `≈${formatMB(variant.approxDownloadMB)} one-time download, ≈${formatMB(variant.vramMB)} of GPU memory; ${speed}.`,
    },
    guidance,
  };
}

function wasm(
  catalogue: RuntimeCatalogue,
  modelId: string,
  reason: string,
  guidance: string[],
): RuntimeSelection {
  const model =
    catalogue.wasmModels.find((m) => m.id === modelId) ??
    catalogue.wasmModels.find((m) => m.id === DEFAULT_WASM_TEXTGEN) ??
    catalogue.wasmModels[0];
  if (!model) return noLlm(`${reason} No WASM model is configured.`, guidance);
  return {
    mode: 'wasm',
    label: `${model.label}`,
    modelId: model.id,
    reason,
    cost: {
      downloadMB: model.approxDownloadMB,
      vramMB: null,
      speed: 'slow',
      leavesDevice: false,
      summary: `≈${formatMB(model.approxDownloadMB)} one-time download; slow: runs on the CPU (WASM), expect seconds per sentence.`,
    },
    guidance,
  };
}

function noLlm(reason: string, guidance: string[]): RuntimeSelection {
  return {
    mode: 'none',
    label: 'No LLM (extractive mode)',
    reason,
    cost: {
      downloadMB: 0,
      vramMB: null,
      speed: 'instant',
      leavesDevice: false,
      summary:
        'No download. Memory still works: facts are extracted from your messages, clusters are summarised by their most central fact, and relevance is judged by embeddings.',
    },
    guidance,
  };
}

export function formatMB(mb: number): string {
  return mb >= 1000 ? `${(mb / 1024).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}
