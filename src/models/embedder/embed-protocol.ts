/**
 * The typed message map between the page (embed-client.ts) and the embed worker
 * (workers/embed.worker.ts). Vectors cross as transferred Float32Array buffers, one per text;
 * errors cross with their class (src/rpc, Grove's one RPC).
 */
import type { Progress } from '../../engine/progress.ts';
import type { CancelMessage, ErrorMessage } from '../../rpc/rpc-messages.ts';
import type { EmbedderDevice, Pooling } from './transformers-embedder.ts';

/** 'auto' picks WebGPU when the browser offers an adapter, WASM otherwise. */
export type DeviceChoice = 'auto' | 'webgpu' | 'wasm';

export interface LoadOptions {
  readonly modelId: string;
  readonly dtype: string;
  readonly device: DeviceChoice;
  /** Self-hosted model base URL (air-gapped demos); default: the app's /models/. */
  readonly modelBaseUrl?: string;
  readonly batchSize?: number;
  /** How token vectors become one text vector (default 'mean'; the model card says which). */
  readonly pooling?: Pooling;
}

export interface LoadedInfo {
  readonly modelId: string;
  readonly device: EmbedderDevice;
  readonly dimension: number;
  /** Why 'auto' fell back to WASM, when it did. */
  readonly fallbackReason?: string;
}

export type EmbedRequest =
  | { readonly type: 'load'; readonly id: number; readonly options: LoadOptions }
  | { readonly type: 'embed'; readonly id: number; readonly texts: readonly string[] }
  | CancelMessage;

export type EmbedResponse =
  | { readonly type: 'progress'; readonly id: number; readonly progress: Progress }
  | { readonly type: 'loaded'; readonly id: number; readonly info: LoadedInfo }
  | { readonly type: 'vectors'; readonly id: number; readonly vectors: Float32Array[] }
  | ErrorMessage;
