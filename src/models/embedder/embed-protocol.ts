/**
 * The typed message map between the embed worker (workers/embed.worker.ts, the tab's one ONNX
 * runtime) and its callers: the page (embed-client.ts over the worker itself) and the memory and
 * explorer workers (the same calls over a MessagePort the page hands them, embed-runtime.ts).
 * Vectors cross as transferred Float32Array buffers, one per text; errors cross with their class
 * (src/rpc, Grove's one RPC).
 */
import type { Progress } from '../../engine/progress.ts';
import type { CancelMessage, ErrorMessage } from '../../rpc/rpc-messages.ts';
import type { EmbedderDevice, Pooling } from './transformers-embedder.ts';
import type { OrtBuild } from './ort-files.ts';

/** 'auto' picks WebGPU when the browser offers an adapter, WASM otherwise. */
export type DeviceChoice = 'auto' | 'webgpu' | 'wasm';

const EMBED_WORKER_PREFIX = 'grove-embed:';

/** The embed worker's name: it says which ORT build the worker's runtime starts. */
export function embedWorkerName(build: OrtBuild): string {
  return `${EMBED_WORKER_PREFIX}${build}`;
}

/** The ORT build an embed worker runs, read from its name (the WebGPU build unless it says 'wasm'). */
export function embedWorkerBuild(name: string): OrtBuild {
  return name === embedWorkerName('wasm') ? 'wasm' : 'webgpu';
}

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
  /** The host's key for the loaded model: embed calls name it (one load serves every caller). */
  readonly model: string;
  readonly modelId: string;
  readonly device: EmbedderDevice;
  readonly dimension: number;
  /** Why 'auto' fell back to WASM, when it did. */
  readonly fallbackReason?: string;
}

export type EmbedRequest =
  | { readonly type: 'load'; readonly id: number; readonly options: LoadOptions }
  | {
      readonly type: 'embed';
      readonly id: number;
      readonly model: string;
      readonly texts: readonly string[];
    }
  | CancelMessage;

/** Page → embed worker, outside the RPC: serve the calls that come in on `port` too. */
export interface EmbedConnectMessage {
  readonly type: 'connect';
  readonly port: MessagePort;
}

export function isEmbedConnect(message: unknown): message is EmbedConnectMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'connect' &&
    typeof (message as { port?: unknown }).port === 'object'
  );
}

/**
 * Between the page and a worker that borrows the tab's embedder (memory, explorer), on the
 * worker's own port: the worker asks for a port to the embed worker; the page broadcasts (id 0)
 * that the embed worker stopped, so calls waiting on the old port fail by name.
 */
export const EMBED_PORT_CHANNEL = 'embed-port';

export type EmbedPortRequest = {
  readonly type: 'embed-port';
  readonly id: number;
  readonly channel?: string;
};

export type EmbedPortResponse =
  | {
      readonly type: 'embed-port';
      readonly id: number;
      readonly channel?: string;
      readonly port: MessagePort;
    }
  | {
      readonly type: 'embed-lost';
      readonly id: number;
      readonly channel?: string;
      readonly detail: string;
    };

export type EmbedResponse =
  | { readonly type: 'progress'; readonly id: number; readonly progress: Progress }
  | { readonly type: 'loaded'; readonly id: number; readonly info: LoadedInfo }
  | { readonly type: 'vectors'; readonly id: number; readonly vectors: Float32Array[] }
  | ErrorMessage;
