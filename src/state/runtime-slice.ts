/** The LLM runtime as the views see it: a mirror of RuntimeController's snapshot. */
import type { RuntimeSnapshot } from '../models/runtime-controller.ts';
import type { SliceCreator } from './store-types.ts';

export interface RuntimeSlice {
  readonly runtime: RuntimeSnapshot | null;
  setRuntime(snapshot: RuntimeSnapshot): void;
}

export const createRuntimeSlice: SliceCreator<RuntimeSlice> = (set) => ({
  runtime: null,
  setRuntime: (runtime) => set({ runtime }),
});

export type ChatMode = 'webgpu' | 'wasm' | 'remote' | 'none' | 'probing';

/** The mode chat answers in right now: a model only counts once it is loaded. */
export function chatMode(runtime: RuntimeSnapshot | null): ChatMode {
  if (!runtime || runtime.status === 'probing') return 'probing';
  return runtime.selection.mode;
}

/** True when replies come from a loaded model (otherwise chat answers from memory only). */
export function modelLoaded(runtime: RuntimeSnapshot | null): boolean {
  return runtime?.llm.status === 'ready';
}
