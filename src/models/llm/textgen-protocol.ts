/**
 * The typed message map between the page (textgen-client.ts) and the WASM text-generation worker
 * (workers/textgen.worker.ts). Streamed text crosses as `delta` messages; errors as
 * `{ name, message }` (src/rpc/wire-error.ts).
 */
import type { ChatMessage, Completion } from '../../engine/ports.ts';
import type { Progress } from '../../engine/progress.ts';
import type { WasmTextGenModel } from '../catalogue.ts';
import type { CancelMessage, ErrorMessage } from '../../rpc/rpc-messages.ts';

export interface TextGenLoadOptions {
  readonly modelId: string;
  readonly dtype: WasmTextGenModel['dtype'];
  /**
   * Self-hosted model base URL (an http(s) URL or a path on the app's origin) serving
   * `<org>/<name>/` folders; absent = transformers.js' default host.
   */
  readonly modelBaseUrl?: string;
}

/** A CompletionRequest without its signal (cancellation crosses as a `cancel` message). */
export interface WireCompletionRequest {
  readonly messages: readonly ChatMessage[];
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly purpose?: string;
}

export type GenerateMode =
  | { readonly kind: 'complete' }
  | { readonly kind: 'stream' }
  | { readonly kind: 'structured'; readonly schema: object };

export type TextGenRequest =
  | { readonly type: 'load'; readonly id: number; readonly options: TextGenLoadOptions }
  | {
      readonly type: 'generate';
      readonly id: number;
      readonly mode: GenerateMode;
      readonly request: WireCompletionRequest;
    }
  | { readonly type: 'count'; readonly id: number; readonly text: string }
  | CancelMessage;

export type TextGenResponse =
  | { readonly type: 'progress'; readonly id: number; readonly progress: Progress }
  | { readonly type: 'loaded'; readonly id: number; readonly modelId: string }
  | { readonly type: 'delta'; readonly id: number; readonly delta: string }
  | { readonly type: 'completion'; readonly id: number; readonly completion: Completion }
  | { readonly type: 'count'; readonly id: number; readonly tokens: number }
  | ErrorMessage;
