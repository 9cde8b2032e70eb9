/**
 * What one memory search costs per effort, in LLM work: measured by `grove bench turn-cost` on
 * LoCoMo dev (a 3,347-fact memory, 100 questions, the frontier of 24 leaves of 20 tokens, at most 6 kept), per search. The
 * settings show it turned into time with the device profiles; re-measure when the walk changes.
 */
import type { MemoryEffort } from '../tree/memory-effort.ts';
import { callMs, type DeviceProfile } from './device-profiles.ts';

export interface SearchWork {
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export const MEASURED_SEARCH_WORK: Readonly<Record<MemoryEffort, SearchWork>> = {
  quick: { calls: 0, promptTokens: 0, completionTokens: 0 },
  balanced: { calls: 1, promptTokens: 679, completionTokens: 18 },
  thorough: { calls: 48, promptTokens: 7651, completionTokens: 960 },
};

/** Milliseconds a search's LLM calls take on a device (0 without any). */
export function searchMs(work: SearchWork, profile: DeviceProfile): number {
  if (work.calls === 0) return 0;
  return (
    callMs(profile, work.promptTokens, work.completionTokens) +
    (work.calls - 1) * profile.overheadMs
  );
}
