/** The LLM runtime as the views see it: a mirror of RuntimeController's snapshot. */
import type { DeviceProfile } from '../engine/cost/index.ts';
import type { RuntimeSnapshot } from '../models/runtime-controller.ts';
import type { SliceCreator } from './store-types.ts';

export interface RuntimeSlice {
  readonly runtime: RuntimeSnapshot | null;
  /** The chat model's own speed on this device, once it has reported enough calls. */
  readonly measuredProfile: DeviceProfile | null;
  setRuntime(snapshot: RuntimeSnapshot): void;
  setMeasuredProfile(profile: DeviceProfile | null): void;
}

export const createRuntimeSlice: SliceCreator<RuntimeSlice> = (set) => ({
  runtime: null,
  measuredProfile: null,
  setRuntime: (runtime) => set({ runtime }),
  setMeasuredProfile: (measuredProfile) => set({ measuredProfile }),
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
