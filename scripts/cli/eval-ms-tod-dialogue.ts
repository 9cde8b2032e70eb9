/**
 * The confirmation-dialogue part of `grove eval --dataset ms-tod` when an LLM is given (issue 8):
 * its options (`--max-turns`, `--slot-check`, `--user-slots-per-turn`), its summary fields and
 * the lines that explain them. The engine side is src/engine/eval/ms-tod-dialogue-eval.ts.
 */
import type { MsTodDialogueSettings } from '../../src/engine/eval/ms-tod-dialogue-eval.ts';
import type { MsTodDialogueSummary } from '../../src/engine/eval/ms-tod-dialogue-summary.ts';
import type { LlmPort } from '../../src/engine/ports.ts';
import { DEFAULT_MAX_TURNS } from '../../src/engine/task-memory/proactive.ts';
import { choice, intOption, UsageError } from './args.ts';

export const dialogueOptions = {
  'max-turns': { type: 'string' },
  'slot-check': { type: 'string' },
  'user-slots-per-turn': { type: 'string' },
} as const;

type DialogueValues = { readonly [K in keyof typeof dialogueOptions]?: string | undefined };

/** `all` or a whole number of at least `min`. */
export function countOrAll(value: string | undefined, name: string, min: number): number | 'all' {
  if (value === undefined || value === 'all') return 'all';
  const n = intOption(value, name, min);
  if (n < min) throw new UsageError(`--${name} must be "all" or at least ${min}, got ${n}`);
  return n;
}

/** The dialogue settings with an LLM; without one, its options are a usage error. */
export function dialogueSettingsFrom(
  values: DialogueValues,
  llm: LlmPort | undefined,
): MsTodDialogueSettings | undefined {
  if (!llm) {
    const given = Object.keys(dialogueOptions).find(
      (name) => values[name as keyof DialogueValues] !== undefined,
    );
    if (given)
      throw new UsageError(
        `--${given} applies to the confirmation dialogue, which needs an LLM: pass --llm scripted (test mode) or --llm openai:URL#model`,
      );
    return undefined;
  }
  const maxTurns = intOption(values['max-turns'], 'max-turns', DEFAULT_MAX_TURNS);
  if (maxTurns < 0) throw new UsageError(`--max-turns must be at least 0, got ${maxTurns}`);
  const perTurn = countOrAll(values['user-slots-per-turn'], 'user-slots-per-turn', 1);
  return {
    llm,
    slotCheck: choice(values['slot-check'], 'slot-check', ['string', 'llm'] as const, 'string'),
    maxTurns,
    ...(perTurn === 'all' ? {} : { userSlotsPerTurn: perTurn }),
  };
}

/** The settings as they appear in the summary and in the resumable rows' run key. */
export function dialogueKey(settings: MsTodDialogueSettings) {
  return {
    max_turns: settings.maxTurns ?? DEFAULT_MAX_TURNS,
    slot_check: settings.slotCheck ?? 'string',
    user_slots_per_turn: settings.userSlotsPerTurn ?? ('all' as const),
  };
}

export function dialogueNotes(settings: MsTodDialogueSettings): string[] {
  const { max_turns, slot_check, user_slots_per_turn } = dialogueKey(settings);
  return [
    "confirmation dialogue (each confirming session, run twice: with the recalled memory and with none): the LLM writes the confirmation response from the turns the recall query read, TASK = the gold slots' names with values only where a categorical SGD value was said or the simulated user stated it, MEMORY = the top 5 recalled QA pairs pruned to their answers (memory on) or none (memory off)",
    slot_check === 'string'
      ? 'slot accuracy: share of gold slots whose value the confirmation response states as whole words (string checker, case and punctuation ignored; a categorical slot saying another SGD value is wrong), mean over sessions'
      : 'slot accuracy: share of gold slots the LLM checker (task-check) calls ok in the confirmation response (an unusable reply counts as missing), mean over sessions',
    `simulated user (deterministic, no LLM): answers ${user_slots_per_turn === 'all' ? 'every missing or wrong slot' : `at most ${user_slots_per_turn} missing or wrong slot${user_slots_per_turn === 1 ? '' : 's'}`} per turn with the gold value ("The song name is Black Widow."); turns to completion = its turns until every slot was stated right, at most ${max_turns} (a capped dialogue counts ${max_turns})`,
  ];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function dialogueText(summary: MsTodDialogueSummary, maxTurns: number): string[] {
  return [
    `Confirmation dialogues: ${summary.dialogues}   memory on | memory off`,
    `Slot accuracy: ${pct(summary.slot_accuracy)} | ${pct(summary.slot_accuracy_no_memory)}`,
    `Turns to completion (cap ${maxTurns}): ${summary.turns_to_completion_mean} | ${summary.turns_to_completion_no_memory_mean}`,
    `Completion rate: ${pct(summary.completion_rate)} | ${pct(summary.completion_rate_no_memory)}`,
    `Dialogue LLM calls: ${summary.dialogue_llm_calls_mean} per session (${summary.dialogue_llm_tokens_mean} tokens)`,
  ];
}
