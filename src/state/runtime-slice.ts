/** The LLM runtime as the views see it: a mirror of RuntimeController's snapshot. */
import { DEVICE_PROFILES, type DeviceProfile, type PurposeTotals } from '../engine/cost/index.ts';
import type { RuntimeSnapshot } from '../models/runtime-controller.ts';
import type { SliceCreator } from './store-types.ts';

export interface RuntimeSlice {
  readonly runtime: RuntimeSnapshot | null;
  /** The chat model's own speed on this device, once it has reported enough calls. */
  readonly measuredProfile: DeviceProfile | null;
  /** This tab's model calls so far, per purpose: calls, tokens, queue wait. */
  readonly callTotals: Readonly<Record<string, PurposeTotals>>;
  setRuntime(snapshot: RuntimeSnapshot): void;
  setMeasuredProfile(profile: DeviceProfile | null): void;
  setCallTotals(totals: Readonly<Record<string, PurposeTotals>>): void;
}

export const createRuntimeSlice: SliceCreator<RuntimeSlice> = (set) => ({
  runtime: null,
  measuredProfile: null,
  callTotals: {},
  setRuntime: (runtime) => set({ runtime }),
  setMeasuredProfile: (measuredProfile) => set({ measuredProfile }),
  setCallTotals: (callTotals) => set({ callTotals }),
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

/** How this device's LLM work is turned into time, and what the views call it. */
export interface DeviceEstimate {
  readonly profile: DeviceProfile;
  /** "on this device" (a loaded model's measured speed) or where the estimate comes from. */
  readonly where: string;
}

/**
 * This device's profile: the loaded model's measured speed; else, where chat runs on WASM, the
 * CPU profile; else null (no device known: views show the fast and typical profiles).
 */
export function thisDeviceEstimate(
  runtime: RuntimeSnapshot | null,
  measured: DeviceProfile | null,
): DeviceEstimate | null {
  if (measured) return { profile: measured, where: 'on this device' };
  if (chatMode(runtime) === 'wasm')
    return { profile: DEVICE_PROFILES.wasm, where: 'on this device’s CPU (WASM, estimated)' };
  return null;
}
