import { useEffect } from 'react';
import type { RuntimeSnapshot } from '../models/runtime-controller.ts';
import { useGrove, useServices } from './app-context.tsx';

/**
 * The LLM runtime snapshot (probe, choice, selection) from the store; starts the probe on first
 * use. Null only before the services have mirrored the runtime into the store.
 */
export function useRuntime(): RuntimeSnapshot | null {
  const { runtime } = useServices();
  useEffect(() => void runtime.start(), [runtime]);
  return useGrove((s) => s.runtime);
}
