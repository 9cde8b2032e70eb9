import { describe, expect, it } from 'vitest';
import type { DialogueOutcome, MsTodDialogueRow } from './ms-tod-dialogue-eval.ts';
import { summariseMsTodDialogues } from './ms-tod-dialogue-summary.ts';

const outcome = (slot_accuracy: number, turns: number, complete: boolean): DialogueOutcome => ({
  response: '',
  slot_accuracy,
  slots: {},
  turns,
  complete,
  dialogue: [],
});
const row = (on: DialogueOutcome, off: DialogueOutcome, llm_calls = 4): MsTodDialogueRow => ({
  goal: {},
  memory: [],
  with_memory: on,
  no_memory: off,
  llm_calls,
  llm_tokens: 10 * llm_calls,
});

describe('MS-TOD dialogue summary', () => {
  it('averages each side over the sessions that ran, a capped dialogue counting its turns', () => {
    const summary = summariseMsTodDialogues([
      row(outcome(1, 0, true), outcome(0.5, 1, true), 3),
      null,
      undefined,
      row(outcome(0.5, 5, false), outcome(0, 5, false), 6),
    ]);
    expect(summary).toEqual({
      dialogues: 2,
      slot_accuracy: 0.75,
      slot_accuracy_no_memory: 0.25,
      turns_to_completion_mean: 2.5,
      turns_to_completion_no_memory_mean: 3,
      completion_rate: 0.5,
      completion_rate_no_memory: 0.5,
      dialogue_llm_calls_mean: 4.5,
      dialogue_llm_tokens_mean: 45,
    });
  });

  it('reports zeros, not NaN, when no dialogue ran', () => {
    expect(summariseMsTodDialogues([null])).toMatchObject({ dialogues: 0, slot_accuracy: 0 });
  });
});
