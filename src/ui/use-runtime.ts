import { useEffect, useSyncExternalStore } from 'react';
import { runtime } from '../app/runtime.ts';
import type { RuntimeSnapshot } from '../models/runtime-controller.ts';

/** The LLM runtime snapshot (probe, choice, selection); starts the probe on first use. */
export function useRuntime(): RuntimeSnapshot {
  useEffect(() => void runtime.start(), []);
  return useSyncExternalStore(runtime.subscribe, runtime.getSnapshot);
}
