/**
 * The curated model catalogue: web-llm chat models (each in an f16 and an f32 variant), WASM
 * text-generation fallbacks for transformers.js, and the embedders. Pure data; importing it never
 * loads a runtime or fetches anything.
 *
 * Ids, VRAM needs and model libraries are copied from web-llm 0.2.86's `prebuiltAppConfig`
 * (catalogue.test.ts checks them against the installed package). Download sizes are estimates:
 * parameters × bits per weight (q4f16_1: 4 bits + an f16 scale per 32 weights = 4.5 bits;
 * q4f32_1: 5 bits), plus ~10 MB of tokenizer and model library.
 */

export type Precision = 'f16' | 'f32';
export type SpeedClass = 'fast' | 'moderate' | 'slow' | 'very slow';

export interface WebLlmVariant {
  /** Exact web-llm model id (prebuiltAppConfig.model_list[].model_id). */
  readonly modelId: string;
  readonly precision: Precision;
  /** Needs the WebGPU `shader-f16` feature. */
  readonly needsShaderF16: boolean;
  /** vram_required_MB from prebuiltAppConfig. */
  readonly vramMB: number;
  readonly approxDownloadMB: number;
  /** Model library file name under WEB_LLM_LIB_BASE (or the self-hosted `libs/` folder). */
  readonly modelLib: string;
}

export interface WebLlmFamily {
  readonly id: string;
  readonly label: string;
  readonly paramsM: number;
  readonly contextWindow: number;
  readonly variants: { readonly f16: WebLlmVariant; readonly f32: WebLlmVariant };
}

/** A transformers.js text-generation model (ONNX) for the WASM fallback. */
export interface WasmTextGenModel {
  readonly id: string;
  readonly label: string;
  readonly paramsM: number;
  readonly dtype: 'q4' | 'q8' | 'fp32';
  readonly approxDownloadMB: number;
}

export interface EmbeddingModel {
  readonly id: string;
  readonly label: string;
  readonly dimension: number;
  readonly pooling: 'mean' | 'cls';
  /** Shipped with the app under public/models: no download at all. */
  readonly bundled: boolean;
  readonly approxDownloadMB: number;
  readonly note: string;
}

/** Where web-llm 0.2.86 hosts its prebuilt model libraries (modelLibURLPrefix + modelVersion). */
export const WEB_LLM_LIB_BASE =
  'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_86/base/';
/** Where the prebuilt weights live: `${WEB_LLM_WEIGHTS_BASE}${modelId}`. */
export const WEB_LLM_WEIGHTS_BASE = 'https://huggingface.co/mlc-ai/';

const BITS = { q4f16_1: 4.5, q4f32_1: 5 } as const;

function estimateMB(paramsM: number, quant: keyof typeof BITS): number {
  return Math.round((paramsM * BITS[quant]) / 8 / 10) * 10 + 10;
}

function family(
  id: string,
  label: string,
  paramsM: number,
  name: string,
  libName: string,
  vram: { f16: number; f32: number },
  contextWindow = 4096,
): WebLlmFamily {
  const variant = (precision: Precision): WebLlmVariant => {
    const quant = precision === 'f16' ? 'q4f16_1' : 'q4f32_1';
    return {
      modelId: `${name}-${quant}-MLC`,
      precision,
      needsShaderF16: precision === 'f16',
      vramMB: vram[precision],
      approxDownloadMB: estimateMB(paramsM, quant),
      modelLib: `${libName}-${quant}_cs1k-webgpu.wasm`,
    };
  };
  return {
    id,
    label,
    paramsM,
    contextWindow,
    variants: { f16: variant('f16'), f32: variant('f32') },
  };
}

/** Chat models, smallest first. */
export const LLM_FAMILIES: readonly WebLlmFamily[] = [
  family(
    'smollm2-360m',
    'SmolLM2 360M Instruct',
    362,
    'SmolLM2-360M-Instruct',
    'SmolLM2-360M-Instruct',
    {
      f16: 376.06,
      f32: 579.61,
    },
  ),
  family(
    'qwen2.5-0.5b',
    'Qwen2.5 0.5B Instruct',
    494,
    'Qwen2.5-0.5B-Instruct',
    'Qwen2-0.5B-Instruct',
    {
      f16: 944.62,
      f32: 1060.2,
    },
  ),
  family(
    'llama-3.2-1b',
    'Llama 3.2 1B Instruct',
    1236,
    'Llama-3.2-1B-Instruct',
    'Llama-3.2-1B-Instruct',
    {
      f16: 879.04,
      f32: 1128.82,
    },
  ),
  family(
    'qwen2.5-1.5b',
    'Qwen2.5 1.5B Instruct',
    1544,
    'Qwen2.5-1.5B-Instruct',
    'Qwen2-1.5B-Instruct',
    {
      f16: 1629.75,
      f32: 1888.97,
    },
  ),
  family(
    'smollm2-1.7b',
    'SmolLM2 1.7B Instruct',
    1711,
    'SmolLM2-1.7B-Instruct',
    'SmolLM2-1.7B-Instruct',
    {
      f16: 1774.19,
      f32: 2692.38,
    },
  ),
  family('qwen2.5-3b', 'Qwen2.5 3B Instruct', 3086, 'Qwen2.5-3B-Instruct', 'Qwen2.5-3B-Instruct', {
    f16: 2504.76,
    f32: 2893.64,
  }),
  family(
    'llama-3.2-3b',
    'Llama 3.2 3B Instruct',
    3213,
    'Llama-3.2-3B-Instruct',
    'Llama-3.2-3B-Instruct',
    {
      f16: 2263.69,
      f32: 2951.51,
    },
  ),
];

/** The default chat model: good JSON discipline at a modest download. */
export const DEFAULT_LLM_FAMILY = 'qwen2.5-1.5b';
/** The default on devices that report little memory (navigator.deviceMemory ≤ 4 GB). */
export const SMALL_DEVICE_LLM_FAMILY = 'qwen2.5-0.5b';

/** transformers.js text-generation models for the no-WebGPU fallback (ONNX, WASM). */
export const WASM_TEXTGEN_MODELS: readonly WasmTextGenModel[] = [
  {
    id: 'HuggingFaceTB/SmolLM2-135M-Instruct',
    label: 'SmolLM2 135M Instruct (WASM)',
    paramsM: 135,
    dtype: 'q4',
    approxDownloadMB: 120,
  },
  {
    id: 'HuggingFaceTB/SmolLM2-360M-Instruct',
    label: 'SmolLM2 360M Instruct (WASM)',
    paramsM: 362,
    dtype: 'q4',
    approxDownloadMB: 270,
  },
  {
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5 0.5B Instruct (WASM)',
    paramsM: 494,
    dtype: 'q4',
    approxDownloadMB: 480,
  },
];
export const DEFAULT_WASM_TEXTGEN = 'HuggingFaceTB/SmolLM2-360M-Instruct';

export const BUNDLED_EMBEDDER_ID = 'grove/glove-wink-100d';

export const EMBEDDING_MODELS: readonly EmbeddingModel[] = [
  {
    id: BUNDLED_EMBEDDER_ID,
    label: 'GloVe 100d (bundled)',
    dimension: 100,
    pooling: 'mean',
    bundled: true,
    approxDownloadMB: 0,
    note: 'Ships with the app (~3 MB): works offline, no download. Word vectors: weaker on paraphrase.',
  },
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    label: 'all-MiniLM-L6-v2',
    dimension: 384,
    pooling: 'mean',
    bundled: false,
    approxDownloadMB: 23,
    note: 'Small sentence encoder; a large step up from word vectors.',
  },
  {
    id: 'Xenova/bge-small-en-v1.5',
    label: 'BGE small en v1.5',
    dimension: 384,
    pooling: 'cls',
    bundled: false,
    approxDownloadMB: 34,
    note: 'Strong retrieval quality for its size (English).',
  },
  {
    id: 'Xenova/gte-small',
    label: 'GTE small',
    dimension: 384,
    pooling: 'mean',
    bundled: false,
    approxDownloadMB: 34,
    note: 'General-purpose English embedder, similar to BGE small.',
  },
];
export const DEFAULT_EMBEDDER = BUNDLED_EMBEDDER_ID;

export function findFamily(id: string): WebLlmFamily | undefined {
  return LLM_FAMILIES.find((f) => f.id === id);
}

export function findWasmModel(id: string): WasmTextGenModel | undefined {
  return WASM_TEXTGEN_MODELS.find((m) => m.id === id);
}

export function findEmbedder(id: string): EmbeddingModel | undefined {
  return EMBEDDING_MODELS.find((m) => m.id === id);
}

/** Every web-llm variant in the catalogue, smallest family first. */
export function allWebLlmVariants(): { family: WebLlmFamily; variant: WebLlmVariant }[] {
  return LLM_FAMILIES.flatMap((f) => [
    { family: f, variant: f.variants.f16 },
    { family: f, variant: f.variants.f32 },
  ]);
}

/** Rough generation speed on a real GPU, by model size. */
export function gpuSpeedClass(paramsM: number): SpeedClass {
  if (paramsM <= 600) return 'fast';
  if (paramsM <= 1800) return 'moderate';
  return 'slow';
}
