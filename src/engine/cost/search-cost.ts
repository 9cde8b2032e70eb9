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

/**
 * Completion tokens a judge call writes: its kept candidates as bare numbers. Measured by
 * `grove bench turn-cost`: 18 a call for the balanced frontier, 20 for the per-node walk.
 */
export const JUDGE_COMPLETION_TOKENS_PER_CALL = 20;

/**
 * A finished search's LLM time on a device, from what its traversal reports: its calls and its
 * prompt and completion tokens together (the events do not split them).
 */
export function estimatedSearchMs(calls: number, tokens: number, profile: DeviceProfile): number {
  const completionTokens = Math.min(tokens, calls * JUDGE_COMPLETION_TOKENS_PER_CALL);
  return searchMs({ calls, promptTokens: tokens - completionTokens, completionTokens }, profile);
}
