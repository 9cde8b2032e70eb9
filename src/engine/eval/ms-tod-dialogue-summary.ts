/**
 * Means over the MS-TOD confirmation dialogues of a run (ms-tod-dialogue-eval.ts), memory on and
 * memory off side by side. Slot accuracy is the mean of the per-session shares (every session
 * weighs the same, whatever its number of slots); turns count a capped dialogue at the cap.
 */
import type { DialogueOutcome, MsTodDialogueRow } from './ms-tod-dialogue-eval.ts';
import { mean } from '../scores.ts';

export interface MsTodDialogueSummary {
  /** Sessions whose confirmation dialogue ran (those with gold slot values). */
  readonly dialogues: number;
  readonly slot_accuracy: number;
  readonly slot_accuracy_no_memory: number;
  readonly turns_to_completion_mean: number;
  readonly turns_to_completion_no_memory_mean: number;
  readonly completion_rate: number;
  readonly completion_rate_no_memory: number;
  readonly dialogue_llm_calls_mean: number;
  readonly dialogue_llm_tokens_mean: number;
}

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));

export function summariseMsTodDialogues(
  rows: readonly (MsTodDialogueRow | null | undefined)[],
): MsTodDialogueSummary {
  const ran = rows.filter((r): r is MsTodDialogueRow => r !== null && r !== undefined);
  const over = (
    side: (r: MsTodDialogueRow) => DialogueOutcome,
    f: (o: DialogueOutcome) => number,
  ) => round(mean(ran.map((r) => f(side(r)))));
  const on = (r: MsTodDialogueRow) => r.with_memory;
  const off = (r: MsTodDialogueRow) => r.no_memory;
  return {
    dialogues: ran.length,
    slot_accuracy: over(on, (o) => o.slot_accuracy),
    slot_accuracy_no_memory: over(off, (o) => o.slot_accuracy),
    turns_to_completion_mean: over(on, (o) => o.turns),
    turns_to_completion_no_memory_mean: over(off, (o) => o.turns),
    completion_rate: over(on, (o) => (o.complete ? 1 : 0)),
    completion_rate_no_memory: over(off, (o) => (o.complete ? 1 : 0)),
    dialogue_llm_calls_mean: round(mean(ran.map((r) => r.llm_calls)), 2),
    dialogue_llm_tokens_mean: round(mean(ran.map((r) => r.llm_tokens)), 1),
  };
}
